import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, pageSettled, signIn, startServer, type Browser, type Running } from './harness';

/** The first visit of a list, after sign-in and from the dashboard, asks for its rows once. */
describe.runIf(hasChromium())('the first list visit in Chromium', () => {
  let server: Running;
  let b: Browser;
  const requests: string[] = [];
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 860);
    b.page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/open-platform/')) requests.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('sends one schema request and one row request for a list opened from the menu', async () => {
    await b.page.locator('.ant-statistic').first().waitFor();
    await b.page
      .locator('.console-sider button.side-nav__item')
      .filter({ hasText: /平台用户/ })
      .first()
      .click();
    const item = b.page.locator('.console-sider a.side-nav__item', { hasText: '部门管理' });
    await item.waitFor();
    await b.page.waitForLoadState('networkidle');
    requests.length = 0;
    await item.click();
    // The page asked for is the one shown and every request of the visit has been answered (the
    // rows of the list shown before would also match a row selector, and on a loaded machine half a
    // second of network silence came before the new page's requests had been sent).
    await pageSettled(b.page, '/platformUser/department');
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    // A second request sent late (a re-render asking again) would come within half a second of quiet.
    await b.page.waitForLoadState('networkidle');
    expect(requests.filter((r) => r.startsWith('GET /open-platform/data/platformUser%2Fdepartment?'))).toEqual([
      'GET /open-platform/data/platformUser%2Fdepartment?page=1&size=20',
    ]);
    expect(requests.filter((r) => r.startsWith('GET /open-platform/schemas/platformUser%2Fdepartment'))).toHaveLength(1);
  });

  it('sends one row request for a second list', async () => {
    requests.length = 0;
    await b.page.locator('.console-sider a.side-nav__item', { hasText: '员工管理' }).click();
    await pageSettled(b.page, '/platformUser/staffManage');
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    await b.page.waitForLoadState('networkidle');
    expect(requests.filter((r) => r.startsWith('GET /open-platform/data/platformUser%2FstaffManage?'))).toEqual([
      'GET /open-platform/data/platformUser%2FstaffManage?page=1&size=20',
    ]);
    expect(requests.filter((r) => r.startsWith('GET /open-platform/schemas/platformUser%2FstaffManage'))).toHaveLength(1);
  });

  it('had no console errors or failed requests', () => {
    expect(b.problems).toEqual([]);
  });
});
