import { useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { AuthIcon, type AuthIconName } from './icons';
import type { Translate } from './text';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}

/** A labelled control with its message below; the message is tied to the input for screen readers. */
export function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <div id={`${id}-error`} className="auth-field__error" aria-live="polite">
          {error}
        </div>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  icon: AuthIconName;
  value: string;
  invalid?: boolean;
  onValue: (value: string) => void;
  /** Drawn after the input inside its border (the password's show/hide button). */
  suffix?: ReactNode;
};

export function TextInput({ id, icon, value, invalid, onValue, suffix, ...rest }: InputProps) {
  return (
    <div className={`auth-input${invalid ? ' auth-input--invalid' : ''}`}>
      <span className="auth-input__icon">
        <AuthIcon name={icon} />
      </span>
      <input
        id={id}
        name={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        {...rest}
      />
      {suffix}
    </div>
  );
}

export function PasswordInput({ t, ...props }: Omit<InputProps, 'icon' | 'type' | 'suffix'> & { t: Translate }) {
  const [shown, setShown] = useState(false);
  const toggle = (
    <button
      type="button"
      className="auth-input__toggle"
      onClick={() => setShown((s) => !s)}
      aria-pressed={shown}
      aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')}
      title={t(shown ? 'login.hidePassword' : 'login.showPassword')}
    >
      <AuthIcon name={shown ? 'eye' : 'eyeOff'} />
    </button>
  );
  return <TextInput {...props} icon="lock" type={shown ? 'text' : 'password'} suffix={toggle} />;
}

interface TabsProps<K extends string> {
  value: K;
  items: { key: K; label: string }[];
  onChange: (key: K) => void;
  label: string;
}

/** WAI-ARIA tabs: arrow keys move between them, the chosen one is the single tab stop. */
export function Tabs<K extends string>({ value, items, onChange, label }: TabsProps<K>) {
  const move = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = items[(index + step + items.length) % items.length];
    onChange(next.key);
    document.getElementById(`auth-tab-${next.key}`)?.focus();
  };
  return (
    <div className="auth-tabs" role="tablist" aria-label={label}>
      {items.map((item, i) => (
        <button
          key={item.key}
          id={`auth-tab-${item.key}`}
          type="button"
          role="tab"
          className="auth-tab"
          aria-selected={item.key === value}
          aria-controls="auth-panel"
          tabIndex={item.key === value ? 0 : -1}
          onClick={() => onChange(item.key)}
          onKeyDown={(e) => move(e, i)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

export function Spinner() {
  return <span className="auth-spinner" aria-hidden="true" />;
}
