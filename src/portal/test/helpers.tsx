import { act, render, type RenderResult } from '@testing-library/react';
import { Suspense } from 'react';
import { vi } from 'vitest';
import PortalApp from '../PortalApp';
import { PORTAL_ENDPOINT } from '../portalData';
import { resetSiteData } from '../siteData';

/**
 * A fetch stand-in answering the portal's public call, whose `site` part is the answer's `data`
 * (an envelope with status 0 gets an otherwise empty catalogue in the asked language); anything
 * else is a 404.
 */
export function mockSiteFetch(answer: { status?: number; body?: unknown } | Error = { status: 404 }) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    if (answer instanceof Error) throw answer;
    const url = new URL(String(input), window.location.href);
    const status = url.pathname === PORTAL_ENDPOINT ? (answer.status ?? 200) : 404;
    const body = answer.body as { status?: number; data?: unknown } | undefined;
    const wrapped =
      body && body.status === 0
        ? { ...body, data: { lang: url.searchParams.get('lang'), components: [], showcase: [], links: [], guide: [], site: body.data } }
        : body;
    return new Response(wrapped === undefined ? 'not found' : JSON.stringify(wrapped), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function setLanguageCookie(lang: string | null): void {
  document.cookie = lang ? `language=${lang}; path=/` : 'language=; path=/; max-age=0';
}

/**
 * Renders the portal at a hash route, with fresh site data and no real scrolling. The render
 * is awaited inside act because the portal suspends until its language module has loaded.
 */
export async function renderPortal(hash: string, lang: string | null = 'zh'): Promise<RenderResult> {
  setLanguageCookie(lang);
  resetSiteData();
  window.location.hash = hash;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <Suspense fallback={<div>booting</div>}>
        <PortalApp />
      </Suspense>,
    );
  });
  return result!;
}
