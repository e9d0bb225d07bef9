import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

/** Issue 15: a customer administrator tests its SMS configuration from the list, through the real gateway. */
describe.runIf(hasChromium())('the test action of a service configuration in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    await signIn(b.page, server.url, 'cust_a');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('asks first, makes one call and shows the answer with its request number', async () => {
    await b.page.goto(`${server.url}/#/customerConfig/sms`);
    await active()
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /测试调用/ })
      .click();
    const dialog = b.page.locator('.ant-modal').filter({ hasText: /真实调用一次/ });
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    const notice = b.page.locator('.ant-message-notice').filter({ hasText: /测试通过：sms\.send/ });
    await notice.waitFor();
    await screenshot(b.page, 'service-config-test');
    expect(await notice.textContent()).toMatch(/请求号 [0-9a-f-]{36}/);
  });

  it('had no console errors or failed requests', () => {
    expect(b.problems).toEqual([]);
  });
});
