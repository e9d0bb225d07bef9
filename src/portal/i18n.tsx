import { createContext, startTransition, use, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Language } from '../i18n/languages';
import { browserLanguage, writeLanguageCookie } from '../i18n/languageCookie';
import { loadDetailText, loadSiteText } from './content/load';
import type { DetailText, SiteText } from './content/types';

/** BCP 47 tags for the `lang` attribute, so screen readers pick the right voice. */
const LANG_TAGS: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es', ja: 'ja' };

interface LanguageContextValue {
  lang: Language;
  /** The language asked for; differs from `lang` while its texts are loading. */
  requested: Language;
  langTag: string;
  text: SiteText;
  setLanguage: (lang: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState<Language>(browserLanguage);
  const [loaded, setLoaded] = useState<{ lang: Language; text: SiteText } | null>(null);
  // Waits in state rather than suspending: React 19 delays revealing a Suspense boundary that
  // has just shown its fallback (by about 300 ms), which would postpone the first paint.
  // A switch also fetches the new language's long texts first and applies in a transition, so
  // the page stays in the old language until everything it needs is in.
  const pending = loadSiteText(wanted);
  const firstLoad = useRef(true);
  useEffect(() => {
    let live = true;
    const first = firstLoad.current;
    firstLoad.current = false;
    const ready = first ? pending : Promise.all([pending, loadDetailText(wanted)]).then(([text]) => text);
    void ready.then((text) => {
      if (!live) return;
      const apply = () => setLoaded({ lang: wanted, text });
      if (first) apply();
      else startTransition(apply);
    });
    return () => {
      live = false;
    };
  }, [pending, wanted]);
  const setLanguage = useCallback((next: Language) => {
    writeLanguageCookie(next);
    setWanted(next);
  }, []);
  const value = useMemo(
    () => loaded && { lang: loaded.lang, requested: wanted, langTag: LANG_TAGS[loaded.lang], text: loaded.text, setLanguage },
    [loaded, wanted, setLanguage],
  );
  return value ? <LanguageContext value={value}>{children}</LanguageContext> : null;
}

export function useLanguage(): LanguageContextValue {
  const ctx = useContext(LanguageContext);
  if (!ctx) throw new Error('useLanguage outside LanguageProvider');
  return ctx;
}

export function useSiteText(): SiteText {
  return useLanguage().text;
}

/** Long texts for the inner pages; suspends the calling page until they have loaded. */
export function useDetailText(): DetailText {
  return use(loadDetailText(useLanguage().lang));
}

/** Fills `{name}` placeholders in a text. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}
