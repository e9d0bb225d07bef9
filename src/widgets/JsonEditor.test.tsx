import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import JsonEditor from './JsonEditor';
import { setupTestI18n } from './test-i18n';

beforeAll(() => setupTestI18n('en'));

function Harness({ spy, initial }: { spy: (v: unknown) => void; initial?: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <JsonEditor
        value={value}
        onChange={(v) => {
          spy(v);
          setValue(v);
        }}
      />
      <button type="button" onClick={() => setValue({ reset: true })}>
        reset
      </button>
    </>
  );
}

const type = (text: string) => fireEvent.change(screen.getByRole('textbox'), { target: { value: text } });

describe('JsonEditor', () => {
  it('shows the value as indented JSON', () => {
    render(<JsonEditor value={{ a: 1, b: ['x'] }} />);
    expect(screen.getByRole('textbox')).toHaveValue('{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}');
  });

  it('emits parsed objects only, and keeps invalid text with an inline error', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} initial={{ a: 1 }} />);
    type('{"a": 1, "b"');
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox')).toHaveValue('{"a": 1, "b"');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid JSON: /);
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    type('{"a": 1, "b": 2}');
    expect(spy).toHaveBeenLastCalledWith({ a: 1, b: 2 });
    expect(screen.queryByRole('alert')).toBeNull();
    // The emitted value coming back does not reformat what was typed.
    expect(screen.getByRole('textbox')).toHaveValue('{"a": 1, "b": 2}');
  });

  it('refuses arrays and scalars for object fields, and empties to null', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    type('[1, 2]');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a JSON object (starting with {)');
    expect(spy).not.toHaveBeenCalled();
    type('  ');
    expect(spy).toHaveBeenLastCalledWith(null);
  });

  it('follows a value changed from outside', () => {
    render(<Harness spy={vi.fn()} initial={{ a: 1 }} />);
    type('{ broken');
    fireEvent.click(screen.getByText('reset'));
    expect(screen.getByRole('textbox')).toHaveValue('{\n  "reset": true\n}');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
