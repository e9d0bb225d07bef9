import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import ColorPicker, { toHex6 } from './ColorPicker';

function Harness({ spy, initial = null }: { spy: (v: string | null) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <ColorPicker
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('ColorPicker', () => {
  it('normalises to #rrggbb', () => {
    expect(toHex6({ toHex: () => 'FF8800' })).toBe('#ff8800');
    expect(toHex6({ toHex: () => 'ff880080' })).toBe('#ff8800');
    expect(toHex6(null)).toBeNull();
  });

  it('shows the current colour as text', () => {
    render(<ColorPicker value="#1677FF" />);
    expect(screen.getByText('#1677ff')).toBeInTheDocument();
  });

  it('returns a typed hex colour as #rrggbb', async () => {
    const spy = vi.fn();
    const { container } = render(<Harness spy={spy} initial="#1677ff" />);
    await act(async () => {
      fireEvent.click(container.querySelector('.ant-color-picker-trigger')!);
    });
    const hexInput = document.querySelector('.ant-color-picker-hex-input input') as HTMLInputElement;
    expect(hexInput).toBeTruthy();
    await act(async () => {
      fireEvent.change(hexInput, { target: { value: 'FF8800' } });
    });
    expect(spy).toHaveBeenLastCalledWith('#ff8800');
    expect(screen.getByText('#ff8800')).toBeInTheDocument();
  });

  it('clears to null', async () => {
    const spy = vi.fn();
    const { container } = render(<Harness spy={spy} initial="#1677ff" />);
    await act(async () => {
      fireEvent.click(container.querySelector('.ant-color-picker-trigger')!);
    });
    await act(async () => {
      fireEvent.click(document.querySelector('.ant-color-picker-clear')!);
    });
    expect(spy).toHaveBeenLastCalledWith(null);
  });
});
