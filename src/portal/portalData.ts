import { useEffect, useState } from 'react';
import type { Language } from '../i18n/languages';
import { useLanguage } from './i18n';

/**
 * What the console keeps for the portal (site settings, components, showcase entries, links, the
 * guide), from one public call per language. The server sends an ETag and `no-cache`, so the browser revalidates and a
 * repeat visit costs a 304. The bundled texts stay the fallback: the portal renders them first
 * and whenever the call fails, and swaps in the server's texts when they arrive.
 */
export const PORTAL_ENDPOINT = '/open-platform/public/portal';

export interface PortalComponent {
  code: string;
  type: string;
  icon: string | null;
  core: boolean;
  name: string;
  summary: string;
  description: string;
}
export interface PortalContent {
  lang: Language;
  components: PortalComponent[];
  showcase: { group: string; leaf: string; title: string; url: string | null }[];
  links: { position: string; title: string; url: string }[];
  /** The guide's sections; `html` is cleaned by the server's rich-text allow-list. */
  guide: { code: string; title: string; html: string }[];
  /** Company details and banners, checked by siteData's normalizeSiteData. */
  site: unknown;
}

const cache = new Map<Language, Promise<PortalContent | null>>();
const done = new Map<Language, PortalContent | null>();

/** Asked once per language and page load; a failure leaves the bundled texts for this visit. */
export function loadPortalContent(lang: Language): Promise<PortalContent | null> {
  let p = cache.get(lang);
  if (!p) {
    p = fetch(`${PORTAL_ENDPOINT}?lang=${lang}`)
      .then((res) => res.json() as Promise<{ status?: number; data?: PortalContent }>)
      .then((body) => (body.status === 0 && body.data) || null)
      .catch(() => null);
    p.then((d) => done.set(lang, d));
    cache.set(lang, p);
  }
  return p;
}

/** Forgets the answers (tests). */
export function resetPortalContent(): void {
  cache.clear();
  done.clear();
}

/** The server's content in the page's language; null until it is in (or when it failed). */
export function usePortalContent(): PortalContent | null {
  const { lang } = useLanguage();
  const [data, setData] = useState<PortalContent | null>(() => done.get(lang) ?? null);
  // A late answer for a language left behind is stored and then not shown (the check below).
  useEffect(() => void loadPortalContent(lang).then(setData), [lang]);
  return data && data.lang === lang ? data : null;
}
