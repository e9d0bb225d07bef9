import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

async function api(server: Running, b: Browser, path: string) {
  const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
  return (await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
}

/** The dashboard and tabs page kinds on their real pages, as a customer and at phone width. */
describe.runIf(hasChromium())('dashboard and tabs pages in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  const scripts: string[] = [];
  const mapLoaded = () => scripts.some((u) => /\/MapChart-[^/]*\.js$/.test(u));
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    b.page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
    });
    await signIn(b.page, server.url, 'cust_a');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('opens a tabbed page on its first tab, keeps the chosen tab in the address across a reload', async () => {
    await b.page.goto(`${server.url}/#/digitalLogistics/log`);
    await active().locator('.ant-table-row').first().waitFor();
    await active().getByTestId('tab-tms/CustomerService/AbnormalTran').click();
    await b.page.waitForURL(/tab=tms%2FCustomerService%2FAbnormalTran/);
    await active().locator('.ant-tabs-tabpane-active .ant-table-row').first().waitFor();
    await screenshot(b.page, 'tabs-kind-1366');
    await b.page.reload();
    await active().locator('.ant-tabs-tab-active', { hasText: '异常运输' }).waitFor();
    await active().locator('.ant-tabs-tabpane-active .ant-table-row').first().waitFor();
    // A filter in the tab keeps the tab.
    await active().getByTestId('tab-tms/report/freightReport').click();
    await active().locator('.ant-tabs-tabpane-active .report-chart svg').first().waitFor();
    expect(b.page.url()).toContain('tab=tms%2Freport%2FfreightReport');
  });

  it('draws the customer’s own figures, a map of China and three charts', async () => {
    // The tabbed page before it had no map: the shapes come with the first page that draws one.
    expect(mapLoaded()).toBe(false);
    await b.page.goto(`${server.url}/#/digitalLogistics/platform`);
    const expected = await api(server, b, `/open-platform/data/${encodeURIComponent('digitalLogistics/platform')}/dashboard`);
    const figure = active().getByTestId('figure-waybills').locator('.ant-statistic-content');
    await figure.waitFor();
    expect((await figure.textContent())?.replace(/\D/g, '')).toBe(String(expected.figures.waybills));
    for (const chart of ['byOrigin', 'byState', 'perDay', 'byGoods'])
      await active().getByTestId(`chart-${chart}`).locator('svg').first().waitFor();
    // The map is drawn with province shapes (SVG paths), from a chunk of its own.
    await expect.poll(() => active().getByTestId('chart-byOrigin').locator('svg path').count()).toBeGreaterThan(30);
    expect(mapLoaded()).toBe(true);
    await screenshot(b.page, 'dashboard-kind-1366');
  });

  it('fits a phone screen', async () => {
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.goto(`${server.url}/#/digitalLogistics/platform`);
    await active().getByTestId('chart-byOrigin').locator('svg path').first().waitFor();
    const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(b.page, 'dashboard-kind-390');
    await b.page.goto(`${server.url}/#/digitalLogistics/log`);
    await active().locator('.ant-table-row').first().waitFor();
    await screenshot(b.page, 'tabs-kind-390');
    await b.page.setViewportSize({ width: 1366, height: 900 });
  });

  it('had no console errors or failed requests', () => {
    expect(b.problems).toEqual([]);
  });
});
