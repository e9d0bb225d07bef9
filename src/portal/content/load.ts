import type { Language } from '../../i18n/languages';
import type { DetailText, SiteText } from './types';

/**
 * One dynamic import per language and part, so the browser only downloads the current
 * language. Promises are cached: React's `use()` needs the same promise on every render,
 * and a language switched back and forth is not fetched twice.
 */
const siteLoaders: Record<Language, () => Promise<{ default: SiteText }>> = {
  zh: () => import('./zh/site'),
  en: () => import('./en/site'),
  es: () => import('./es/site'),
  ja: () => import('./ja/site'),
};

const detailLoaders: Record<Language, () => Promise<{ default: DetailText }>> = {
  zh: () => import('./zh/details'),
  en: () => import('./en/details'),
  es: () => import('./es/details'),
  ja: () => import('./ja/details'),
};

const siteCache = new Map<Language, Promise<SiteText>>();
const detailCache = new Map<Language, Promise<DetailText>>();

function cached<T>(cache: Map<Language, Promise<T>>, lang: Language, load: () => Promise<{ default: T }>): Promise<T> {
  let p = cache.get(lang);
  if (!p) {
    p = load().then((m) => m.default);
    // A failed chunk load (e.g. a deploy replaced the files) may succeed on the next attempt.
    p.catch(() => cache.delete(lang));
    cache.set(lang, p);
  }
  return p;
}

export function loadSiteText(lang: Language): Promise<SiteText> {
  return cached(siteCache, lang, siteLoaders[lang]);
}

export function loadDetailText(lang: Language): Promise<DetailText> {
  return cached(detailCache, lang, detailLoaders[lang]);
}
