import { detectLanguage, LANGUAGE_COOKIE, type Language } from './languages';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Read without a cookie library: the portal and the sign-in screen must stay small. */
export function readCookie(name: string): string | undefined {
  const m = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : undefined;
}

export function readLanguageCookie(): string | undefined {
  return readCookie(LANGUAGE_COOKIE);
}

export function writeLanguageCookie(lang: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}

/** Spec §9 for screens without i18next: the cookie, then the browser's languages. */
export function browserLanguage(): Language {
  return detectLanguage(readLanguageCookie(), navigator.languages?.length ? navigator.languages : [navigator.language]);
}
