import { act, render, type RenderResult } from '@testing-library/react';
import { Suspense } from 'react';
import { vi } from 'vitest';
import PortalApp from '../PortalApp';
import { resetSiteData } from '../siteData';

/** A fetch stand-in answering the public site endpoint; anything else is a 404. */
export function mockSiteFetch(answer: { status?: number; body?: unknown } | Error = { status: 404 }) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    if (answer instanceof Error) throw answer;
    const url = String(input);
    const status = url.endsWith('/open-platform/public/site') ? (answer.status ?? 200) : 404;
    return new Response(answer.body === undefined ? 'not found' : JSON.stringify(answer.body), {
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
