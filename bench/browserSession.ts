// Helpers shared by the bundle and browser sections: a page with an empty HTTP cache and no
// session, the JS responses a page load fetches, and in-page timing of "rendered".
import type { CDPSession, Page } from 'playwright-core';
import type { Browser } from '../e2e/harness';

/**
 * Forgets cache, cookies and storage of the origin, so the next load is a first visit. Session
 * storage belongs to the browser tab (the console keeps its open tabs there), so it is cleared from
 * a page of the origin.
 */
export async function forget(b: Browser, cdp: CDPSession, origin: string) {
  await b.page.goto(`${origin}/favicon.svg`);
  await b.page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await b.page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await b.context.clearCookies();
}

/**
 * tsx compiles this file with esbuild's keepNames, so functions handed to page.evaluate call a
 * `__name` helper that exists only in Node; the page gets a stand-in.
 */
export async function nameShim(page: Page) {
  const shim = 'globalThis.__name = globalThis.__name || ((f) => f);';
  await page.context().addInitScript(shim);
  await page.evaluate(shim);
}

const inFlight = new WeakMap<Page, { n: number; last: number }>();

/** Counts the page's requests in flight (for `quiet`); call once per page. */
export function trackRequests(page: Page) {
  if (inFlight.has(page)) return;
  const state = { n: 0, last: Date.now() };
  inFlight.set(page, state);
  const done = () => {
    state.n = Math.max(0, state.n - 1);
    state.last = Date.now();
  };
  page.on('request', () => {
    state.n++;
    state.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until no request has been in flight for `idleMs` (at most `maxMs`). Playwright's
 * 'networkidle' is a load event of the document and passes at once inside a single-page app.
 */
export async function quiet(page: Page, idleMs = 300, maxMs = 15_000) {
  const state = inFlight.get(page);
  if (!state) throw new Error('trackRequests(page) first');
  const end = Date.now() + maxMs;
  while (Date.now() < end) {
    if (state.n === 0 && Date.now() - state.last >= idleMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function cdpFor(page: Page): Promise<CDPSession> {
  trackRequests(page);
  await nameShim(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return cdp;
}

/** The .js URLs (path only) fetched while `work` runs, in order, with their encoded (wire) sizes. */
export async function scriptsDuring(
  page: Page,
  work: () => Promise<void>,
): Promise<{ path: string; wireBytes: number; encoding: string }[]> {
  const seen: Promise<{ path: string; wireBytes: number; encoding: string }>[] = [];
  const onResponse = (r: import('playwright-core').Response) => {
    const url = new URL(r.url());
    if (!url.pathname.endsWith('.js')) return;
    seen.push(
      (async () => {
        const sizes = await r
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: 0 }));
        return {
          path: url.pathname,
          wireBytes: sizes.responseBodySize,
          encoding: (await r.allHeaders())['content-encoding'] ?? 'identity',
        };
      })(),
    );
  };
  page.on('response', onResponse);
  try {
    await work();
  } finally {
    page.off('response', onResponse);
  }
  return Promise.all(seen);
}

/** What starts the measured step: a click on the first visible element matching the selector (and
 * holding the text, if given), or a change of the location hash (a link or typed address). */
export type Target = { selector: string; text?: string } | { hash: string };
/**
 * When the new content counts as rendered: a visible element matching the selector, with or without
 * a text; with `notText`, once the text of the first `rows` visible matches (default 1) differs from it.
 */
export interface Ready {
  selector: string;
  text?: string;
  notText?: string;
  rows?: number;
}

/**
 * Starts the step inside the page and answers the milliseconds until every `ready` condition holds in
 * one animation frame callback, i.e. the frame that paints the new content. Both ends are read from
 * the page's own clock (performance.now), so no protocol round trip is counted. The page's CSP
 * forbids eval, hence targets and conditions are data, not code.
 */
export async function clickUntil(page: Page, target: Target, ready: Ready[], timeoutMs = 30_000): Promise<number> {
  return (await clickUntilEach(page, target, [ready], timeoutMs))[0];
}

/** The same with several stages (e.g. figures shown, then charts drawn): the time each first held. */
export async function clickUntilEach(page: Page, target: Target, stages: Ready[][], timeoutMs = 30_000): Promise<number[]> {
  return page.evaluate(
    ({ target, stages, timeoutMs }) => {
      const visible = (e: Element) => (e as HTMLElement).getClientRects().length > 0 && !(e as HTMLElement).closest('[hidden]');
      const find = (sel: string, text?: string) =>
        [...document.querySelectorAll(sel)].find((e) => visible(e) && (text === undefined || (e.textContent ?? '').includes(text)));
      const firstText = (sel: string, n: number) =>
        [...document.querySelectorAll(sel)]
          .filter(visible)
          .slice(0, n)
          .map((e) => e.textContent ?? '')
          .join('\n');
      const holds = (ready: Ready[]) =>
        ready.every((r) => {
          if (r.notText !== undefined) return firstText(r.selector, r.rows ?? 1) !== r.notText;
          return Boolean(find(r.selector, r.text));
        });
      let start: () => void;
      if ('hash' in target)
        start = () => {
          window.location.hash = target.hash;
        };
      else {
        const el = find(target.selector, target.text) as HTMLElement | undefined;
        if (!el) throw new Error(`nothing to click: ${target.selector} ${target.text ?? ''}`);
        start = () => el.click();
      }
      const times: (number | null)[] = stages.map(() => null);
      const t0 = performance.now();
      (window as unknown as { __benchT0: number }).__benchT0 = t0;
      start();
      return new Promise<number[]>((resolve, reject) => {
        const tick = () => {
          const now = performance.now();
          stages.forEach((st, i) => {
            if (times[i] === null && holds(st)) times[i] = now - t0;
          });
          if (times.every((x) => x !== null)) resolve(times as number[]);
          else if (now - t0 > timeoutMs)
            reject(new Error(`not rendered after ${timeoutMs} ms: ${JSON.stringify(stages[times.indexOf(null)])}`));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    },
    { target, stages, timeoutMs },
  );
}

/**
 * The same as clickUntilEach for a step that may load a new document (a sign-in that reloads the
 * app): the click's time and each stage's are read as `performance.timeOrigin + now()`, one clock
 * across documents, and the wait starts again in each new document until every stage holds in one.
 */
export async function clickUntilEachAcrossLoads(page: Page, target: Target, stages: Ready[][], timeoutMs = 30_000): Promise<number[]> {
  const t0 = await page.evaluate((target) => {
    const visible = (e: Element) => (e as HTMLElement).getClientRects().length > 0 && !(e as HTMLElement).closest('[hidden]');
    const sel = 'selector' in target ? target.selector : '';
    const el = [...document.querySelectorAll(sel)].find(
      (e) => visible(e) && (!('text' in target) || target.text === undefined || (e.textContent ?? '').includes(target.text)),
    ) as HTMLElement | undefined;
    if (!el) throw new Error(`nothing to click: ${sel}`);
    const now = performance.now();
    // stepProfile reads the step's requests from here, as long as the document stays.
    (window as unknown as { __benchT0: number }).__benchT0 = now;
    el.click();
    return performance.timeOrigin + now;
  }, target);
  const deadline = t0 + timeoutMs;
  for (;;) {
    try {
      const at = await page.evaluate(
        ({ stages, deadline }) => {
          const visible = (e: Element) => (e as HTMLElement).getClientRects().length > 0 && !(e as HTMLElement).closest('[hidden]');
          const holds = (ready: Ready[]) =>
            ready.every((r) =>
              [...document.querySelectorAll(r.selector)].some(
                (e) => visible(e) && (r.text === undefined || (e.textContent ?? '').includes(r.text)),
              ),
            );
          const times: (number | null)[] = stages.map(() => null);
          return new Promise<number[]>((resolve, reject) => {
            const tick = () => {
              const now = performance.timeOrigin + performance.now();
              stages.forEach((st, i) => {
                if (times[i] === null && holds(st)) times[i] = now;
              });
              if (times.every((x) => x !== null)) resolve(times as number[]);
              else if (now > deadline) reject(new Error(`not rendered in time: ${JSON.stringify(stages[times.indexOf(null)])}`));
              else requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          });
        },
        { stages, deadline },
      );
      return at.map((t) => t - t0);
    } catch (err) {
      // The document was replaced while waiting: wait again in the new one.
      if (!/context was destroyed|navigat/i.test(String(err))) throw err;
    }
  }
}

/** Records resource timings and long tasks in every page of the context (for `stepProfile`). */
export async function observeSteps(page: Page) {
  await page.context().addInitScript(() => {
    const w = window as unknown as { __longTasks: [number, number][] };
    w.__longTasks = [];
    performance.setResourceTimingBufferSize(5000);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
}

export interface StepProfile {
  /** Requests the step made: path, start and duration in ms from the step's start. */
  requests: { path: string; start: number; ms: number }[];
  /** Main-thread tasks over 50 ms since the step started, and their total. */
  longTasks: number[];
  longTaskMs: number;
}

/** What the last clickUntil step fetched and how long the main thread was blocked meanwhile. */
export async function stepProfile(page: Page): Promise<StepProfile> {
  return page.evaluate(() => {
    const w = window as unknown as { __benchT0: number; __longTasks?: [number, number][] };
    const t0 = w.__benchT0;
    const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.startTime >= t0)
      .map((e) => ({
        path: new URL(e.name).pathname.replace(/^\/open-platform/, 'api:').slice(0, 80),
        start: Math.round(e.startTime - t0),
        ms: Math.round(e.duration),
      }));
    const longTasks = (w.__longTasks ?? []).filter(([start]) => start >= t0).map(([, d]) => Math.round(d));
    return { requests, longTasks, longTaskMs: longTasks.reduce((a, b) => a + b, 0) };
  });
}

/** The text `Ready.notText` compares against: the first `rows` visible matches of the selector. */
export async function firstRowsText(page: Page, selector: string, rows: number): Promise<string> {
  return page.evaluate(
    ({ selector, rows }) => {
      const visible = (e: Element) => (e as HTMLElement).getClientRects().length > 0 && !(e as HTMLElement).closest('[hidden]');
      return [...document.querySelectorAll(selector)]
        .filter(visible)
        .slice(0, rows)
        .map((e) => e.textContent ?? '')
        .join('\n');
    },
    { selector, rows },
  );
}
