import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

/** A settlement statement opened from its row action prints as one A4 page of the record. */
describe.runIf(hasChromium())('printable record in Chromium', () => {
  let server: Running;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('opens from the list in its own window and fits an A4 page', async () => {
    await b.page.goto(`${server.url}/#/tms/settlement/settlement`);
    const active = b.page.locator('.keep-alive--active');
    const [popup] = await Promise.all([
      b.context.waitForEvent('page'),
      active
        .locator('.ant-table-row')
        .first()
        .getByRole('button', { name: /打\s*印/ })
        .click(),
    ]);
    await popup.evaluate(() => {
      window.print = () => {};
    });
    await popup.locator('.print-section').first().waitFor();
    expect(await popup.locator('.print-head h1').textContent()).toBe('运费结算单');
    expect(await popup.locator('.print-section th').allTextContents()).toEqual(expect.arrayContaining(['结算单号', '应付金额（扣税后）']));
    expect(await popup.locator('.ant-layout-sider').count()).toBe(0);
    await screenshot(popup, 'print-settlement-1366');
    await popup.emulateMedia({ media: 'print' });
    const pdf = await popup.pdf({ format: 'A4', preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await popup.close();
  });
});
