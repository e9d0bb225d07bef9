import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';
import { useLanguage } from '../i18n';
import { Icon } from '../ui/icons';

export function LanguageSelect() {
  const { requested, text, setLanguage } = useLanguage();
  const id = useId();
  return (
    <div className="p-lang">
      <label htmlFor={id} className="p-sr-only">
        {text.nav.language}
      </label>
      <Icon name="globe" size={18} className="p-lang__icon" />
      <select id={id} value={requested} onChange={(e) => setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
