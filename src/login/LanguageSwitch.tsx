import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/languages';
import { AuthIcon } from './icons';

/** A native select: keyboard and screen readers work as they do everywhere, at no bundle cost. */
export function LanguageSwitch({ value, label, onChange }: { value: Language; label: string; onChange: (lang: Language) => void }) {
  const id = useId();
  return (
    <div className="auth-lang">
      <label htmlFor={id} className="auth-sr-only">
        {label}
      </label>
      <AuthIcon name="globe" />
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
