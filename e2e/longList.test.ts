import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, pageSettled, screenshot, signIn, startServer, type Browser, type Running } from './harness';

/** A page of 1,000 rows draws those in view, under a header that stays, and a keyboard reaches the last. */
describe.runIf(hasChromium())('a long list page in Chromium', () => {
  let server: Running;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 860);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('draws a window of rows, keeps the header in sight and scrolls to the end by keyboard', async () => {
    await b.page.goto(`${server.url}/#/tms/waybill/waybill?size=1000`);
    await pageSettled(b.page, '/tms/waybill/waybill');
    const list = b.page.locator('.keep-alive--active');
    const box = list.locator('.ant-table-content');
    await list.locator('.ant-table-row').first().waitFor();
    // The whole page has come (not the first screen of it).
    await list.locator('.list-partial').waitFor({ state: 'detached' });
    const rowCount = Number(await list.locator('table').getAttribute('aria-rowcount')) - 1;
    expect(rowCount).toBe(1000);
    expect(await list.locator('.ant-table-row').count()).toBeLessThan(100);

    await box.evaluate((e) => {
      e.scrollTop = e.scrollHeight / 2;
    });
    // The rows drawn follow the scroll: the middle of the page, not its start.
    await expect.poll(async () => Number(await list.locator('.ant-table-row').first().getAttribute('aria-rowindex'))).toBeGreaterThan(400);
    const [boxTop, headTop] = await Promise.all([
      box.evaluate((e) => e.getBoundingClientRect().top),
      list
        .locator('.ant-table-thead th')
        .nth(1)
        .evaluate((e) => e.getBoundingClientRect().top),
    ]);
    expect(Math.abs(headTop - boxTop)).toBeLessThan(2);
    await screenshot(b.page, 'long-list-middle');

    // The box is a focusable region; End takes it to the last row.
    expect(await box.getAttribute('tabindex')).toBe('0');
    await box.focus();
    await b.page.keyboard.press('End');
    await expect.poll(async () => list.locator('.ant-table-row').last().getAttribute('aria-rowindex')).toBe(String(rowCount + 1));
  });
});
