import { describe, expect, it } from 'vitest';
import { barOption, colourDistance, compactNumber, lineOption, paletteFor, pieOption, radarOption } from './chartOptions';

const daily = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  waybills: i,
  freightFen: i * 100_00,
}));

describe('dashboard chart options', () => {
  it('bars the last fourteen days of waybills', () => {
    const o = barOption(daily, 'Waybills', '#1890ff');
    expect(o.xAxis.data).toHaveLength(14);
    expect(o.xAxis.data[0]).toBe('11-17');
    expect(o.series[0].data.at(-1)).toBe(29);
  });

  it('draws freight in yuan, not fen', () => {
    expect(lineOption(daily, 'Freight', '#1890ff').series[0].data[3]).toBe(300);
  });

  it('labels statuses and scores carriers on five axes out of 100', () => {
    const pie = pieOption([{ status: 'inTransit', count: 4 }], (s) => `label:${s}`, '#000');
    expect(pie.series[0].data).toEqual([{ name: 'label:inTransit', value: 4 }]);
    const radar = radarOption([{ code: 'C1', name: '顺达', waybills: 9, scores: [90, 80, 70, 60, 50] }], ['a', 'b', 'c', 'd', 'e'], '#000');
    expect(radar.radar.indicator).toHaveLength(5);
    expect(radar.radar.indicator.every((i) => i.max === 100)).toBe(true);
    expect(radar.series[0].data[0].value).toEqual([90, 80, 70, 60, 50]);
  });

  it('never gives two series a colour close to the theme colour', () => {
    for (const theme of ['#1890ff', '#13c2c2', '#52c41a', '#fa541c', '#722ed1', '#eb2f96', '#2f54eb', '#f5222d']) {
      const [first, ...rest] = paletteFor(theme);
      expect(first).toBe(theme);
      expect(rest.length).toBeGreaterThanOrEqual(5);
      for (const c of rest) expect(colourDistance(c, theme)).toBeGreaterThan(150);
    }
  });

  it('writes axis figures in the reader’s language', () => {
    expect(compactNumber('zh-CN')(250000)).toBe('25万');
    expect(compactNumber('en')(250000)).toBe('250K');
    expect(compactNumber('ja')(250000)).toBe('25万');
    expect(lineOption(daily, 'Freight', '#1890ff', 'en').yAxis.axisLabel.formatter(250000)).toBe('250K');
  });

  it('keeps small states visible in a donut that one state dominates', () => {
    const pie = pieOption(
      [
        { status: 'settled', count: 900 },
        { status: 'inTransit', count: 3 },
      ],
      (s) => s,
      '#1890ff',
    );
    expect(pie.series[0].minAngle).toBeGreaterThan(0);
    expect(pie.series[0].label.show).toBe(true);
  });
});
