import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import DateRange, { type IsoRange } from './DateRange';
import { setupTestI18n } from './test-i18n';

beforeAll(() => setupTestI18n('en'));

function Harness({ spy, initial = null, showTime }: { spy: (v: IsoRange | null) => void; initial?: IsoRange | null; showTime?: boolean }) {
  const [value, setValue] = useState<IsoRange | null>(initial);
  return (
    <DateRange
      value={value}
      showTime={showTime}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('DateRange', () => {
  it('shows ISO instants as local dates', () => {
    const start = new Date(2024, 4, 1, 8, 30).toISOString();
    const end = new Date(2024, 4, 31, 18, 0).toISOString();
    render(<DateRange value={[start, end]} />);
    const [a, b] = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(a.value).toBe('2024-05-01');
    expect(b.value).toBe('2024-05-31');
  });

  it('shows times with showTime and translated placeholders', () => {
    render(<DateRange value={[new Date(2024, 4, 1, 8, 30, 5).toISOString(), new Date(2024, 4, 2, 9, 0, 0).toISOString()]} showTime />);
    expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).value).toBe('2024-05-01 08:30:05');
    render(<DateRange value={null} />);
    expect(screen.getAllByPlaceholderText('Start')).toHaveLength(2);
  });

  it('offers the past-range presets and stores whole days as ISO strings', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    fireEvent.mouseDown(screen.getAllByRole('textbox')[0]);
    fireEvent.click(screen.getAllByRole('textbox')[0]);
    const preset = await screen.findByText('Last week');
    expect(screen.getByText('Last 3 months')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(preset);
    });
    const [start, end] = spy.mock.lastCall![0] as IsoRange;
    const s = new Date(start);
    const e = new Date(end);
    expect([s.getHours(), s.getMinutes(), s.getSeconds()]).toEqual([0, 0, 0]);
    expect([e.getHours(), e.getMinutes(), e.getSeconds()]).toEqual([23, 59, 59]);
    expect(Math.round((e.getTime() - s.getTime()) / 86_400_000)).toBe(8);
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('clears to null', async () => {
    const spy = vi.fn();
    const { container } = render(<Harness spy={spy} initial={[new Date(2024, 0, 1).toISOString(), new Date(2024, 0, 2).toISOString()]} />);
    const clear = container.querySelector('.ant-picker-clear')!;
    await act(async () => {
      fireEvent.mouseDown(clear);
      fireEvent.mouseUp(clear);
      fireEvent.click(clear);
    });
    expect(spy).toHaveBeenLastCalledWith(null);
  });
});
