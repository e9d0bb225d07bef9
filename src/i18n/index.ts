import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { detectLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from './languages';

/**
 * Shared strings live in src/i18n/locales/<lang>/<part>.json. Each part's top-level keys are unique
 * across parts, and all parts are merged into one namespace, so a key reads the same wherever it is
 * used. Only the parts a screen needs are loaded, and only for the current language. Pages' strings
 * (their message files and the area parts) come from the server with each page's schema and the menu
 * titles with the session, so a new or changed page needs no build: they are not bundled.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*/*.json', '!./locales/*/area-*.json']);

const loaded = new Set<string>();

async function loadPart(lang: Language, part: string): Promise<void> {
  const id = `${lang}/${part}`;
  if (loaded.has(id)) return;
  const loader = loaders[`./locales/${id}.json`];
  if (!loader) throw new Error(`missing locale part ${id}`);
  const mod = await loader();
  i18next.addResourceBundle(lang, 'translation', mod.default, true, true);
  loaded.add(id);
}

let activeParts: string[] = [];

export async function initI18n(parts: string[]): Promise<i18n> {
  activeParts = Array.from(new Set([...activeParts, ...parts]));
  const lang = currentLanguage();
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await Promise.all(activeParts.map((p) => loadPart(lang, p)));
  document.documentElement.lang = lang;
  return i18next;
}

export function currentLanguage(): Language {
  if (i18next.isInitialized && LANGUAGES.includes(i18next.language as Language)) return i18next.language as Language;
  return detectLanguage(
    Cookies.get(LANGUAGE_COOKIE),
    typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [],
  );
}

export async function changeLanguage(lang: Language): Promise<void> {
  Cookies.set(LANGUAGE_COOKIE, lang, { expires: 365, sameSite: 'Lax' });
  await Promise.all(activeParts.map((p) => loadPart(lang, p)));
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export { i18next };
