import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Password, { passwordStrength } from './Password';
import { setupTestI18n } from './test-i18n';

beforeAll(() => setupTestI18n('en'));

function Harness({ spy, mode, strength }: { spy: (v: string | undefined) => void; mode?: 'create' | 'update'; strength?: boolean }) {
  const [value, setValue] = useState<string | undefined>(undefined);
  return (
    <Password
      value={value}
      mode={mode}
      strength={strength}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('Password', () => {
  it('rates strength by the password rule', () => {
    expect(passwordStrength('abc')).toBe('weak');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcd1234')).toBe('medium');
    expect(passwordStrength('Abcdefgh1234')).toBe('strong');
  });

  it('says an empty value keeps the current secret in update mode, and emits undefined when emptied', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} mode="update" />);
    const input = screen.getByPlaceholderText('Unchanged: leave empty to keep the current one');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.type(input, 'x');
    expect(spy).toHaveBeenLastCalledWith('x');
    await userEvent.clear(input);
    expect(spy).toHaveBeenLastCalledWith(undefined);
  });

  it('hints at strength without blocking input', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} strength />);
    const input = screen.getByPlaceholderText('Enter a password');
    await userEvent.type(input, 'abc');
    expect(screen.getByText('Weak: use at least 8 characters with both letters and digits')).toBeInTheDocument();
    expect(spy).toHaveBeenLastCalledWith('abc');
    await userEvent.type(input, 'd1234');
    expect(screen.getByText('Fair')).toBeInTheDocument();
    await userEvent.type(input, 'XYZW');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    expect(spy).toHaveBeenLastCalledWith('abcd1234XYZW');
  });

  it('shows no hint for secrets that are not passwords', async () => {
    render(<Harness spy={vi.fn()} />);
    await userEvent.type(screen.getByPlaceholderText('Enter a password'), 'abc');
    expect(screen.queryByText(/Weak/)).toBeNull();
  });
});
