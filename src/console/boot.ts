import type { Locale } from 'antd/es/locale';
import { changeLanguage, i18next, initI18n } from '../i18n';
import { browserLanguage } from '../i18n/languageCookie';
import type { Language } from '../i18n/languages';

/** The message parts every console screen needs (page areas are loaded with their schemas). */
const CONSOLE_PARTS = ['auth', 'console', 'engine', 'engine-related', 'time', 'fields', 'menu', 'widgets', 'ops'];

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
  ja: () => import('antd/es/locale/ja_JP'),
};

let ready: { lang: Language; locale: Locale } | null = null;

export function loadAntdLocale(lang: Language): Promise<Locale> {
  return (antdLocales[lang] ?? antdLocales.en)().then((m) => m.default);
}

/**
 * Messages and antd's locale for the visitor's language. The sign-in screen calls this early, so
 * the console can render at once when the visitor arrives; the language may have been switched
 * on that screen meanwhile, which the cookie tells.
 */
export async function prepareConsole(): Promise<Locale> {
  const wanted = browserLanguage();
  await initI18n(CONSOLE_PARTS);
  if (i18next.language !== wanted) await changeLanguage(wanted);
  const locale = await loadAntdLocale(wanted);
  ready = { lang: wanted, locale };
  return locale;
}

/** The locale prepared for the current language, if any: lets the console skip its loading frame. */
export function preparedLocale(): Locale | undefined {
  return ready && i18next.isInitialized && ready.lang === i18next.language && ready.lang === browserLanguage() ? ready.locale : undefined;
}
