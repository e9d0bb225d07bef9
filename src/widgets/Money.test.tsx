import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Money, { yuanTextToFen } from './Money';
import { setupTestI18n } from './test-i18n';

beforeAll(() => setupTestI18n('en'));

function Harness({ initial, spy }: { initial: number | null; spy: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <Money
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('Money', () => {
  it('converts yuan text to fen exactly', () => {
    expect(yuanTextToFen('0.29')).toBe(29);
    expect(yuanTextToFen('1,234.5')).toBe(123450);
    expect(yuanTextToFen('12.345')).toBe(1235);
    expect(yuanTextToFen('-0.005')).toBe(-1);
    expect(yuanTextToFen('')).toBeNull();
    expect(yuanTextToFen('abc')).toBeNull();
  });

  it('shows fen as yuan with two decimals and a ¥ prefix', () => {
    render(<Money value={123456} />);
    expect(screen.getByRole('spinbutton')).toHaveValue('1234.56');
    expect(screen.getByText('¥')).toBeInTheDocument();
  });

  it('stores typed yuan as integer fen without float error', async () => {
    const spy = vi.fn();
    render(<Harness initial={null} spy={spy} />);
    const input = screen.getByRole('spinbutton');
    await userEvent.type(input, '0.29');
    expect(spy).toHaveBeenLastCalledWith(29);
    await userEvent.clear(input);
    expect(spy).toHaveBeenLastCalledWith(null);
    await userEvent.type(input, '19999999.99');
    expect(spy).toHaveBeenLastCalledWith(1999999999);
  });

  it('rounds a third decimal on blur', async () => {
    const spy = vi.fn();
    render(<Harness initial={100} spy={spy} />);
    const input = screen.getByRole('spinbutton');
    await userEvent.clear(input);
    await userEvent.type(input, '2.345');
    await userEvent.tab();
    expect(spy).toHaveBeenLastCalledWith(235);
    expect(input).toHaveValue('2.35');
  });
});
