import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, openBrowser, pageSettled, signIn, startServer, type Browser, type Running } from './harness';
import { seriousViolations } from './axe';

/** What a page shows once it has its data: rows, an empty list, a form, a detail, a chart. */
const SETTLED = [
  '.ant-table-row',
  '.ant-empty',
  '.ant-formily-item',
  '.ant-form-item',
  '.detail-section',
  '.report-chart',
  '.dashboard-chart',
  '.ant-statistic',
  '.ant-result',
]
  .map((s) => `.keep-alive--active ${s}`)
  .join(', ');

async function settle(page: Page, route: string) {
  // The address changes before the new page shows (its code and schema may still be loading): until
  // then the previous page is the active one, rows and all.
  await page.waitForFunction(
    (path) => document.querySelector<HTMLElement>('.keep-alive--active')?.dataset.page?.startsWith(path),
    route.split('?')[0],
  );
  await page.locator(SETTLED).first().waitFor({ timeout: 20_000 });
  await pageSettled(page);
}

/**
 * The console's page structure: one main landmark, one h1 naming the page, a skip link first; and,
 * as the browser asks for less motion, no transition on the sidebar's entries and the buttons.
 */
async function structure(page: Page) {
  return page.evaluate(() => ({
    mains: document.querySelectorAll('main, [role=main]').length,
    h1: [...document.querySelectorAll('h1')].map((h) => h.textContent?.trim()),
    firstFocusable: document.querySelector('a[href], button, input, [tabindex]:not([tabindex="-1"])')?.className ?? '',
    // The transitions of the sidebar's entries and the buttons: the browser asks for less motion, so none (WCAG 2.3.3).
    transitions: [...document.querySelectorAll('.side-nav__item, .ant-btn')]
      .slice(0, 8)
      .flatMap((el) => getComputedStyle(el).transitionDuration.split(','))
      .map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1)),
  }));
}

async function api(server: Running, b: Browser, path: string) {
  const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
  return (await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
}

/**
 * WCAG 2.1 AA as axe-core measures it: no critical or serious violation on each kind of page (list,
 * form, detail, settings, report, dashboard, tabs) of each area (platform staff, customer), on the
 * sign-in screen and on the portal.
 */
describe.runIf(hasChromium())('accessibility (axe-core, WCAG 2.1 AA) in Chromium', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the sign-in screen and the portal', async () => {
    const b = await openBrowser(1366, 860, { motion: 'reduce' });
    try {
      const found: Record<string, string[]> = {};
      for (const route of ['/login', '/index', '/index/about', '/solution', '/portalShow']) {
        await b.page.goto(`${server.url}/#${route}`);
        await b.page.waitForLoadState('networkidle');
        await b.page.locator('h1').first().waitFor();
        found[route] = await seriousViolations(b.page);
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      expect(b.problems).toEqual([]);
    } finally {
      await b.close();
    }
  });

  const consolePages =
    (user: string, routes: (s: Running, b: Browser) => Promise<string[]>, width = 1366) =>
    async () => {
      const b = await openBrowser(width, 860, { motion: 'reduce' });
      try {
        await signIn(b.page, server.url, user);
        const found: Record<string, string[]> = {};
        for (const route of await routes(server, b)) {
          await b.page.goto(`${server.url}/#${route}`);
          await settle(b.page, route).catch((e: Error) => {
            throw new Error(`${route} did not settle: ${e.message}`);
          });
          const s = await structure(b.page);
          expect(s.mains, route).toBe(1);
          expect(s.h1, route).toHaveLength(1);
          expect(s.firstFocusable, route).toContain('skip-link');
          expect(s.transitions.length, route).toBeGreaterThan(0);
          expect(Math.max(...s.transitions), route).toBeLessThan(0.001);
          found[route] = await seriousViolations(b.page);
        }
        expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
        expect(b.problems).toEqual([]);
      } finally {
        await b.close();
      }
    };

  it(
    'platform staff: dashboard, lists, form, detail, settings, reports, tabs',
    consolePages('admin', async () => [
      '/home',
      '/platformUser/department',
      '/platformUser/department/add',
      '/platformUser/department/detail/1',
      '/tms/waybill/waybill',
      '/tms/waybill/waybill/add',
      '/tms/waybill/waybill/detail/1',
      '/systemManage/systemConfig',
      '/customerManage/statisticsSetting',
      '/tms/report/freightReport',
      '/digitalLogistics/platform',
      '/digitalLogistics/log',
      // A list of each other area of the menu.
      '/customerManage/customer',
      '/systemManage/dictionary',
      '/customerConfig/alert',
      '/customerLog/alert',
      '/componentManage/component',
      '/showLinkManage/link',
      '/location/order',
      '/taxManage/taxOrder',
      '/cloudPay/balanceLog',
      '/guide/section',
      '/alct/shipment',
    ]),
    360_000,
  );

  it(
    'a customer: dashboard, list, form, detail, settings, report',
    consolePages('cust_a', async (s, b) => {
      const staff = await api(s, b, `/open-platform/data/${encodeURIComponent('platformUser/staffManage')}?size=1`);
      return [
        '/home',
        '/platformUser/staffManage',
        '/platformUser/staffManage/add',
        `/platformUser/staffManage/detail/${staff.list[0].id}`,
        '/alct/config',
        '/systemManage/updatePassword',
        '/customerManage/accountTotal',
        '/cloudPay/payIndex',
      ];
    }),
    240_000,
  );

  it(
    'at phone width',
    consolePages('cust_a', async () => ['/home', '/platformUser/staffManage', '/platformUser/staffManage/add'], 390),
    120_000,
  );
});
