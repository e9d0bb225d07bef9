import { useEffect, useState } from 'react';
import { useSiteText } from './i18n';

/**
 * Public site settings (banners, hotline, ICP number, company name) maintained in the console's
 * banner and system-config records. The portal must render without them, so every field has a
 * default and any failure (no endpoint yet, slow server, bad JSON) quietly yields the defaults.
 */

export const SITE_ENDPOINT = '/open-platform/public/site';
export const SITE_TIMEOUT_MS = 1500;

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

let pending: Promise<SiteData> | null = null;
let resolved: SiteData | null = null;

async function fetchSiteData(): Promise<SiteData> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), SITE_TIMEOUT_MS);
  try {
    const res = await fetch(SITE_ENDPOINT, { signal: ctrl.signal, headers: { Accept: 'application/json' } });
    if (!res.ok) return DEFAULT_SITE;
    const body = (await res.json()) as { status?: unknown; data?: unknown };
    return body && body.status === 0 ? normalizeSiteData(body.data) : DEFAULT_SITE;
  } catch {
    return DEFAULT_SITE;
  } finally {
    clearTimeout(timer);
  }
}

/** Fetches once per page load; later callers share the answer. Never rejects. */
export function loadSiteData(): Promise<SiteData> {
  if (!pending) {
    pending = fetchSiteData().then((d) => {
      resolved = d;
      // The first banner's image is the home page's largest paint: start it before React renders.
      const first = d.banners[0]?.imageUrl;
      if (first) new Image().src = first;
      return d;
    });
  }
  return pending;
}

/** Forgets the cached answer (tests, or after the console edits the settings). */
export function resetSiteData(): void {
  pending = null;
  resolved = null;
}

/** The site settings with the company name resolved; the defaults until the server answers. */
export function useSite(): SiteData {
  const text = useSiteText();
  const [data, setData] = useState<SiteData | null>(resolved);
  useEffect(() => {
    let live = true;
    void loadSiteData().then((d) => live && setData(d));
    return () => {
      live = false;
    };
  }, []);
  const site = data ?? DEFAULT_SITE;
  return { ...site, companyName: site.companyName || text.meta.companyName };
}

/** Sets the tab title: the page's title, then the company name. */
export function useDocumentTitle(pageTitle: string): void {
  const { companyName } = useSite();
  useEffect(() => {
    document.title = `${pageTitle} - ${companyName}`;
  }, [pageTitle, companyName]);
}
