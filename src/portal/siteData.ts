import { useEffect } from 'react';
import type { Language } from '../i18n/languages';
import { useLanguage } from './i18n';
import { loadPortalContent, resetPortalContent, usePortalContent, type PortalContent } from './portalData';

/**
 * Public site settings (banners, hotline, ICP number, company name) maintained in the console's
 * banner and system-config records, in the visitor's language. The portal must render without
 * them, so every field has a default and any failure (no endpoint, bad JSON) yields the defaults.
 */

export interface Banner {
  id: number;
  title: string;
  subtitle: string;
  imageUrl: string | null;
  link: string | null;
}

export interface SiteData {
  /** Empty means "use the localized default name". */
  companyName: string;
  hotline: string;
  icpNumber: string;
  copyright: string;
  consultUrl: string;
  banners: Banner[];
}

export const DEFAULT_SITE: SiteData = {
  companyName: '',
  hotline: '400-800-5656',
  icpNumber: '京ICP备2016000000号-1',
  copyright: '2016-2025',
  consultUrl: '#/index/about?section=contact',
  banners: [],
};

const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

/** Only same-origin images: the portal never loads anything from another host. */
function sameOriginImage(v: unknown): string | null {
  if (typeof v !== 'string' || !v.trim()) return null;
  try {
    const url = new URL(v, window.location.href);
    return url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

function toBanner(raw: unknown, index: number): Banner | null {
  if (!raw || typeof raw !== 'object') return null;
  const b = raw as Record<string, unknown>;
  const title = str(b.title, '');
  if (!title) return null;
  return {
    id: typeof b.id === 'number' ? b.id : index,
    title,
    subtitle: str(b.subtitle, ''),
    imageUrl: sameOriginImage(b.imageUrl),
    link: str(b.link, '') || null,
  };
}

export function normalizeSiteData(data: unknown): SiteData {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const banners = Array.isArray(d.banners) ? d.banners.map(toBanner).filter((b): b is Banner => b !== null) : [];
  return {
    companyName: str(d.companyName, DEFAULT_SITE.companyName),
    hotline: str(d.hotline, DEFAULT_SITE.hotline),
    icpNumber: str(d.icpNumber, DEFAULT_SITE.icpNumber),
    copyright: str(d.copyright, DEFAULT_SITE.copyright),
    consultUrl: str(d.consultUrl, DEFAULT_SITE.consultUrl),
    banners,
  };
}

/** The site settings of a portal answer (a few fields and banners: checked on each use); the defaults without one. */
const siteOf = (content: PortalContent | null): SiteData => (content ? normalizeSiteData(content.site) : DEFAULT_SITE);

/**
 * The site settings in a language, from the portal's one public call (shared with the catalogue,
 * once per language and page load). Never rejects: a failed call gives the defaults.
 */
export function loadSiteData(lang: Language): Promise<SiteData> {
  return loadPortalContent(lang).then((content) => {
    const site = siteOf(content);
    // The first banner's image is the home page's largest paint: start it before React renders.
    const first = site.banners[0]?.imageUrl;
    if (first) new Image().src = first;
    return site;
  });
}

/** Forgets the cached answers (tests). */
export const resetSiteData = resetPortalContent;

/** A link's title as the console names it (show link manage, by position and address), else the bundled one. */
type LinkTitle = (position: 'header' | 'footer', href: string, fallback: string) => string;

/**
 * The site settings in the page's language with the company name resolved, and the link titles;
 * the defaults until the server answers, and never another language's texts after a switch.
 */
export function useSite(): SiteData & { link: LinkTitle } {
  const { text } = useLanguage();
  const content = usePortalContent();
  const site = siteOf(content);
  return {
    ...site,
    companyName: site.companyName || text.meta.companyName,
    link: (position, href, fallback) => content?.links.find((l) => l.position === position && l.url === href)?.title || fallback,
  };
}

/** Sets the tab title: the page's title, then the company name. */
export function useDocumentTitle(pageTitle: string): void {
  const { companyName } = useSite();
  useEffect(() => {
    document.title = `${pageTitle} - ${companyName}`;
  }, [pageTitle, companyName]);
}
