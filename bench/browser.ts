// Browser figures in Chromium on 127.0.0.1, each the median of several runs, every run from an empty
// cache and no session: portal LCP, login click to dashboard, route switches, the big list.
import type { Page } from 'playwright-core';
import type { Browser } from '../e2e/harness';
import { anchorApp, consoleApp, sameSteps, type SameSteps } from './anchor';
import {
  cdpFor,
  clickUntil,
  firstRowsText,
  forget,
  observeSteps,
  quiet,
  stepProfile,
  type Ready,
  type StepProfile,
} from './browserSession';
import { compareLines } from './compare';
import { line, type Line } from './report';
import { median, round } from './stats';

export const PORTAL_READY = '.portal main h1';
/** The dashboard counts as rendered when its key figures show values (not skeletons). */
export const DASHBOARD_READY = '.keep-alive--active .dashboard .ant-statistic-content-value';
export const LIST_ROWS = '.keep-alive--active .ant-table-row';
const ACTIVE_TAB = '.tags-view__tab--active';
/** The list's "新增" button, and the create form counted as rendered when its first input shows. */
const CREATE_BUTTON = '.keep-alive--active .list-toolbar .ant-btn-primary';
const FORM_READY = '.keep-alive--active .form-page .ant-formily-item input';

const BIG = { title: '登录历史', path: '/platformUser/loginHistory', sortColumn: '登录账号' };

const rowsOf = (title: string): Ready[] => [{ selector: ACTIVE_TAB, text: title }, { selector: LIST_ROWS }];

export async function loginAndWait(page: Page, username: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill('Demo12345');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/#\/home/);
}

/** Marks the visible table element, to tell later whether React kept it or mounted a new one. */
const markTable = (page: Page) =>
  page.evaluate(() => {
    (document.querySelector('.keep-alive--active .ant-table') as unknown as { __bench?: number }).__bench = 1;
  });
const tableMarked = (page: Page) =>
  page.evaluate(() => (document.querySelector('.keep-alive--active .ant-table') as unknown as { __bench?: number } | null)?.__bench === 1);

export interface BrowserBenchOptions {
  runs: number;
  log: (msg: string) => void;
  /** Rows in the big table (bench/fill.ts spreads them evenly over the year before the fill). */
  tableRows: number;
  /** The build the server serves (for the sign-in screen's JS sizes). */
  distDir: string;
  /** The anchor's server, when it runs: its steps are timed beside ours, run by run. */
  anchorUrl?: string;
}

/** Rows of the big list: a `createdAt` window that holds about this many, all on one page. */
const BIG_ROWS = 9_990;

/** The window's start: the fill spaces rows evenly, so BIG_ROWS rows take BIG_ROWS steps of it. */
function bigWindowFrom(tableRows: number): string {
  const step = (365 * 86_400_000) / tableRows;
  return new Date(Date.now() - 60_000 - BIG_ROWS * step).toISOString();
}

export async function browserBench(
  b: Browser,
  url: string,
  o: BrowserBenchOptions,
): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const page = b.page;
  const cdp = await cdpFor(page);
  await observeSteps(page);
  const profile: Record<string, StepProfile> = {};
  let lcpDetail: Record<string, unknown> = {};
  await b.context.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __fcp: number; __lcpWhat: string };
    w.__lcp = 0;
    w.__fcp = 0;
    w.__lcpWhat = '';
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element; url?: string; size?: number })[]) {
        w.__lcp = e.startTime;
        const el = e.element;
        w.__lcpWhat = `${el ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}` : '?'}${e.url ? ` ${e.url}` : ''} (${e.size} px²)`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  const runs = {
    lcpCold: [] as number[],
    fcpCold: [] as number[],
    lcpWarm: [] as number[],
    login: [] as number[],
    loginCharts: [] as number[],
    loginRequestMs: [] as number[],
    firstListFromDashboard: [] as number[],
    firstListRequests: [] as number[],
    firstCreateForm: [] as number[],
    switchFirst: [] as number[],
    switchRevisit: [] as number[],
    revisitKeptMounted: [] as boolean[],
    bigFirstRows: [] as number[],
    bigTotal: [] as number[],
    bigSort: [] as number[],
    bigDomRows: [] as number[],
    sortKeptMounted: [] as boolean[],
    sortListRequests: [] as number[],
  };
  const lcp = () =>
    page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __fcp: number; __lcpWhat: string };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        path: new URL(e.name).pathname.slice(0, 80),
        start: Math.round(e.startTime),
        end: Math.round(e.responseEnd),
      }));
      const longTasks = ((window as unknown as { __longTasks?: [number, number][] }).__longTasks ?? []).map(([start, d]) => ({
        start: Math.round(start),
        ms: Math.round(d),
      }));
      return {
        lcp: w.__lcp,
        fcp: w.__fcp,
        element: w.__lcpWhat,
        timeline: {
          htmlEnd: Math.round(nav?.responseEnd ?? 0),
          domContentLoaded: Math.round(nav?.domContentLoadedEventEnd ?? 0),
          resources,
          longTasks,
        },
      };
    });

  o.log(`browser: portal home LCP, ${o.runs} runs`);
  for (let i = 0; i < o.runs; i++) {
    await forget(b, cdp, url);
    await b.context.addCookies([{ name: 'language', value: 'zh', url }]);
    await page.goto(`${url}/#/`);
    await page.locator(PORTAL_READY).first().waitFor();
    await quiet(page);
    await page.waitForTimeout(300);
    const cold = await lcp();
    runs.lcpCold.push(cold.lcp);
    runs.fcpCold.push(cold.fcp);
    lcpDetail = { element: cold.element, ...cold.timeline };
    await page.goto('about:blank');
    await page.goto(`${url}/#/`);
    await page.locator(PORTAL_READY).first().waitFor();
    await quiet(page);
    await page.waitForTimeout(300);
    runs.lcpWarm.push((await lcp()).lcp);
  }

  const ours = consoleApp(url, o.distDir);
  const anchor = o.anchorUrl ? anchorApp(o.anchorUrl) : null;
  const oursSteps: SameSteps[] = [];
  const anchorSteps: SameSteps[] = [];
  o.log(`browser: sign-in, login click to dashboard, route switches, big list; ${o.runs} runs${anchor ? ', the anchor interleaved' : ''}`);
  for (let i = 0; i < o.runs; i++) {
    // Which app goes first alternates, so neither always has the warmer machine.
    const anchorFirst = i % 2 === 1;
    if (anchor && anchorFirst) anchorSteps.push(await sameSteps(b, cdp, anchor));
    // Dashboard -> list A loads the list renderer's chunks; A -> B is the budget's first visit; B -> A the revisit.
    const steps = await sameSteps(b, cdp, ours, async (name) => {
      const p = await stepProfile(page);
      if (name === 'submitToLanding') {
        profile.login = p;
        runs.loginRequestMs.push(p.requests.find((r) => r.path === 'api:/authorize')?.ms ?? NaN);
      } else if (name === 'firstList') {
        profile.firstListFromDashboard = p;
        // Every request of the step, including any that ended after the rows were drawn: the rows must be asked for once.
        runs.firstListRequests.push(p.requests.filter((r) => r.path.startsWith('api:/data/')).length);
        await markTable(page);
      } else if (name === 'secondPage') profile.switchFirst = p;
      else {
        profile.switchRevisit = p;
        runs.revisitKeptMounted.push(await tableMarked(page));
      }
    });
    oursSteps.push(steps);
    runs.login.push(steps.submitToLanding);
    runs.loginCharts.push(steps.landingLater[0] ?? NaN);
    runs.firstListFromDashboard.push(steps.firstList);
    runs.switchFirst.push(steps.secondPage);
    runs.switchRevisit.push(steps.revisit);

    // The first Create form of the session, opened from the list: loads the form renderer (Formily).
    runs.firstCreateForm.push(await clickUntil(page, { selector: CREATE_BUTTON }, [{ selector: FORM_READY }]));
    profile.firstCreateForm = await stepProfile(page);
    await quiet(page);

    // A list of about 10,000 rows from the big table, on one page (the API's largest), then a sort:
    // with every matching row in the browser, the list sorts them itself and the server's answer follows.
    const bigHash = `#${BIG.path}?size=10000&createdAt=${encodeURIComponent(`${bigWindowFrom(o.tableRows)},`)}`;
    runs.bigFirstRows.push(await clickUntil(page, { hash: bigHash }, rowsOf(BIG.title)));
    profile.bigFirstRows = await stepProfile(page);
    await quiet(page);
    runs.bigDomRows.push(await page.locator(LIST_ROWS).count());
    runs.bigTotal.push(
      Number((await page.locator('.keep-alive--active .ant-pagination-total-text').textContent())?.replace(/\D/g, '') || NaN),
    );
    const before = await firstRowsText(page, LIST_ROWS, 5);
    await markTable(page);
    const header = { selector: '.keep-alive--active th.ant-table-column-has-sorters', text: BIG.sortColumn };
    runs.bigSort.push(await clickUntil(page, header, [{ selector: LIST_ROWS, notText: before, rows: 5 }]));
    profile.bigSort = await stepProfile(page);
    await quiet(page);
    runs.sortKeptMounted.push(await tableMarked(page));
    runs.sortListRequests.push((await stepProfile(page)).requests.filter((r) => r.path.startsWith('api:/data/')).length);
    // The rows changed (clickUntil waited for it); the address must say so too.
    if (!page.url().includes('sort=')) throw new Error(`the sort click did not reach the address (${page.url()})`);
    await quiet(page);
    if (anchor && !anchorFirst) anchorSteps.push(await sameSteps(b, cdp, anchor));
  }
  await cdp.detach();

  const m = (xs: number[]) => (median(xs) === null ? null : round(median(xs)!, 0));
  // References are the anchor's figures of this same run, never of another day.
  const anchorMs = (figure: 'submitToLanding' | 'firstList' | 'secondPage' | 'revisit') =>
    anchorSteps.length ? `anchor ${m(anchorSteps.map((r) => r[figure]))} ms` : undefined;
  const spread = (xs: number[]) => `runs ${xs.map((x) => Math.round(x)).join(', ')}`;
  const lines: Line[] = [
    line({
      section: 'browser',
      name: 'portal home LCP, cold cache',
      value: m(runs.lcpCold),
      unit: 'ms',
      budget: 400,
      reference: '820 ms',
      note: `FCP ${m(runs.fcpCold)} ms; warm cache LCP ${m(runs.lcpWarm)} ms; ${spread(runs.lcpCold)}`,
    }),
    line({
      section: 'browser',
      name: 'login click -> dashboard rendered',
      value: m(runs.login),
      unit: 'ms',
      budget: 500,
      reference: anchorMs('submitToLanding'),
      note: `key figures shown; charts drawn at ${m(runs.loginCharts)} ms; login request (scrypt N=2^17) ${m(runs.loginRequestMs)} ms; ${spread(runs.login)}`,
    }),
    line({
      section: 'browser',
      name: 'dashboard -> first list page (loads list chunks)',
      value: m(runs.firstListFromDashboard),
      unit: 'ms',
      reference: anchorMs('firstList'),
      note: `row requests ${runs.firstListRequests.join(', ')}; ${spread(runs.firstListFromDashboard)}`,
    }),
    line({
      section: 'browser',
      name: 'list -> first Create form (loads the form renderer)',
      value: m(runs.firstCreateForm),
      unit: 'ms',
      budget: 300,
      note: spread(runs.firstCreateForm),
    }),
    line({
      section: 'browser',
      name: 'route switch list -> list, first visit',
      value: m(runs.switchFirst),
      unit: 'ms',
      budget: 250,
      reference: anchorMs('secondPage'),
      note: spread(runs.switchFirst),
    }),
    line({
      section: 'browser',
      name: 'route switch list -> list, revisit',
      value: m(runs.switchRevisit),
      unit: 'ms',
      budget: 100,
      reference: anchorMs('revisit'),
      note: `page kept mounted: ${runs.revisitKeptMounted.every(Boolean) ? 'yes' : 'no (remounted)'}; ${spread(runs.switchRevisit)}`,
    }),
    line({
      section: 'browser',
      name: 'list of 10,000 rows: first rows',
      value: m(runs.bigFirstRows),
      unit: 'ms',
      budget: 300,
      note: `${m(runs.bigTotal)} rows on one page of a ${o.tableRows}-row table; ${m(runs.bigDomRows)} rows in the DOM (virtualised); ${spread(runs.bigFirstRows)}`,
    }),
    line({
      section: 'browser',
      name: 'list of 10,000 rows: sort',
      value: m(runs.bigSort),
      unit: 'ms',
      budget: 100,
      note: `sorted in the browser, the server's answer follows; list kept mounted: ${runs.sortKeptMounted.every(Boolean) ? 'yes' : 'no (remounted)'}; ${spread(runs.bigSort)}`,
    }),
    ...(anchorSteps.length ? compareLines(oursSteps, anchorSteps) : []),
  ];
  return {
    lines,
    details: {
      runs: o.runs,
      pages: { big: BIG },
      measured: runs,
      compared: { console: oursSteps, anchor: anchorSteps },
      portalLastRun: lcpDetail,
      lastRunProfile: profile,
    },
  };
}
