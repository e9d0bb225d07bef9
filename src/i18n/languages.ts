export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_COOKIE = 'language';

export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };

/** Spec §9: the language cookie, then the browser's language, else English. */
export function detectLanguage(cookieValue: string | undefined, browserLanguages: readonly string[]): Language {
  const candidates = [cookieValue, ...browserLanguages].filter((x): x is string => Boolean(x));
  for (const c of candidates) {
    const base = c.toLowerCase().split('-')[0] as Language;
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}
