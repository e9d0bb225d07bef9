import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

/** The portal shows what the console keeps: a component's text edited in the console, per language. */
describe.runIf(hasChromium())('portal content from the console in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  const field = (label: string) =>
    active()
      .locator('.ant-formily-item')
      .filter({ has: b.page.locator('.ant-formily-item-label', { hasText: label }) })
      .locator('input, textarea')
      .first();
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    await b.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it("shows a component's English description edited in the console on the portal in English after a reload", async () => {
    const row = await server.app.ctx.database.db
      .selectFrom('portal_component')
      .select('id')
      .where('code', '=', 'LOC01')
      .executeTakeFirstOrThrow();
    await b.page.goto(`${server.url}/#/componentManage/component/edit/${row.id}`);
    const input = field('详细介绍（英文）');
    await input.waitFor();
    await input.fill('Live vehicle tracks, edited in the console.');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await b.page.waitForURL(/component\/detail\/\d+/);

    await b.context.addCookies([{ name: 'language', value: 'en', url: server.url }]);
    await b.page.goto(`${server.url}/#/index/component/detail/iot/LOC01`);
    await b.page.reload();
    await b.page.locator('.p-detail__desc', { hasText: 'Live vehicle tracks, edited in the console.' }).waitFor();
    await screenshot(b.page, 'portal-component-edited-en');

    // Chinese visitors still read the Chinese text.
    await b.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
    await b.page.reload();
    await expect.poll(() => b.page.locator('.p-detail__desc').textContent()).toMatch(/[\u4e00-\u9fff]/);
  });
});
