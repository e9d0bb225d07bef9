import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RegionCascader from './RegionCascader';
import { areaList } from '@vant/area-data';
import { REGIONS, findRegion, isCountyCode, isRegionChain, reachesLevel, regionLabel } from '../shared/regions';
import { setupTestI18n } from './test-i18n';

afterAll(() => setupTestI18n('en'));

function Harness({ spy, initial = null }: { spy: (v: string[] | null) => void; initial?: string[] | null }) {
  const [value, setValue] = useState<string[] | null>(initial);
  return (
    <RegionCascader
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('region data', () => {
  it('has all 34 provincial-level divisions with well-formed, nested codes', () => {
    expect(REGIONS).toHaveLength(34);
    const seen = new Set<string>();
    for (const p of REGIONS) {
      expect(p.code).toMatch(/^\d{2}0000$/);
      expect(p.en).toMatch(/\w/);
      for (const c of p.children ?? []) {
        expect(c.code.slice(0, 2)).toBe(p.code.slice(0, 2));
        expect(c.code).toMatch(/^\d{4}00$/);
        for (const d of c.children ?? []) {
          expect(d.code.slice(0, 4)).toBe(c.code.slice(0, 4));
          expect(d.code).not.toMatch(/00$/);
        }
      }
      for (const code of [p.code, ...(p.children ?? []).flatMap((c) => [c.code, ...(c.children ?? []).map((d) => d.code)])]) {
        expect(seen.has(code)).toBe(false);
        seen.add(code);
      }
    }
  });

  it('gives every province its capital and 3+ cities, and districts to capitals and municipalities', () => {
    const noSubdivisions = ['710000', '810000', '820000'];
    const municipalities = ['110000', '120000', '310000', '500000'];
    for (const p of REGIONS.filter((r) => !noSubdivisions.includes(r.code))) {
      const cities = p.children ?? [];
      if (!municipalities.includes(p.code)) expect(cities.length, p.zh).toBeGreaterThanOrEqual(4);
      const capital = cities.find((c) => c.code.endsWith('0100'));
      expect(capital, p.zh).toBeTruthy();
      expect(capital!.children!.length, capital!.zh).toBeGreaterThanOrEqual(3);
    }
  });

  it('offers every county of the complete division list, the same list the server checks against', () => {
    const counties = REGIONS.flatMap((p) => (p.children ?? []).flatMap((c) => c.children ?? []));
    expect(counties).toHaveLength(Object.keys(areaList.county_list).length);
    expect(counties.length).toBe(3479);
    expect(
      counties.every((d) => isCountyCode(d.code) && isRegionChain([`${d.code.slice(0, 2)}0000`, `${d.code.slice(0, 4)}00`, d.code])),
    ).toBe(true);
    // A county outside the old hand-written subset: offered by the picker, shown by name.
    expect(findRegion('320507')?.zh).toBe('相城区');
    expect(regionLabel(['320000', '320500', '320507'], 'zh')).toBe('江苏省 苏州市 相城区');
    expect(reachesLevel(['320000', '320500'], 'county')).toBe(false);
    expect(reachesLevel(['320000', '320500', '320507'], 'county')).toBe(true);
    expect(isCountyCode('320500')).toBe(false);
  });

  it('labels codes in both languages', () => {
    expect(regionLabel(['440000', '440100', '440106'], 'zh')).toBe('广东省 广州市 天河区');
    expect(regionLabel(['440000', '440100', '440106'], 'en')).toBe('Tianhe, Guangzhou, Guangdong');
    expect(regionLabel(['110000', '110100', '110105'], 'zh')).toBe('北京市 朝阳区');
    expect(regionLabel('310000,310100,310115', 'ja')).toBe('Pudong New Area, Shanghai');
    expect(regionLabel(['999999'], 'zh')).toBe('999999');
    expect(regionLabel(null, 'zh')).toBe('');
    expect(findRegion('530100')?.zh).toBe('昆明市');
  });
});

describe('RegionCascader', () => {
  it('shows the current value in the current language', async () => {
    await setupTestI18n('zh');
    render(<RegionCascader value={['320000', '320100', '320106']} />);
    expect(screen.getByText('江苏省 / 南京市 / 鼓楼区')).toBeInTheDocument();
  });

  it('picks province, city and district by clicking', async () => {
    await setupTestI18n('zh');
    const spy = vi.fn();
    const { container } = render(<Harness spy={spy} />);
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('浙江省'));
    fireEvent.click(await screen.findByText('杭州市'));
    fireEvent.click(await screen.findByText('西湖区'));
    expect(spy).toHaveBeenLastCalledWith(['330000', '330100', '330106']);
  });

  it('searches by Chinese name or pinyin', async () => {
    await setupTestI18n('en');
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    const input = screen.getByRole('combobox');
    await userEvent.click(input);
    await userEvent.type(input, '天河');
    await waitFor(() => expect(document.querySelector('.ant-cascader-menu-item')?.textContent).toContain('Tianhe'));
    fireEvent.click(document.querySelector('.ant-cascader-menu-item')!);
    expect(spy).toHaveBeenLastCalledWith(['440000', '440100', '440106']);
  });
});
