import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, signIn, startServer, type Browser, type Running } from './harness';

/**
 * The vehicle page is written on the field library: its carrier and remark are library fields (the
 * carrier with no input or cell of its own) and its detail is `["form", "partySystem"]`.
 */
describe.runIf(hasChromium())('a page written on the field library, in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  const formItem = (label: string) =>
    active()
      .locator('.ant-formily-item')
      .filter({ has: b.page.locator('.ant-formily-item-label', { hasText: label }) });
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('shows the form sections and the named system section in the detail, with a reference shown by its label', async () => {
    await b.page.goto(`${server.url}/#/tms/base/vehicle`);
    await active().locator('.ant-table-row').first().getByRole('button', { name: '详情' }).click();
    await b.page.waitForURL(/vehicle\/detail\//);
    const titles = active().locator('.detail-section .ant-descriptions-title');
    await expect.poll(() => titles.allTextContents()).toEqual(['基本信息', '企业资质', '归属信息', '系统信息']);
    const system = active().locator('.detail-section').last();
    await expect
      .poll(() => system.locator('.ant-descriptions-item-label').allTextContents())
      .toEqual(['所属组织', '创建时间', '创建人', '更新时间', '更新人']);
    // The carrier is shown by its name, not its code (the RefLabel cell the engine gives a reference).
    const labels = await active().locator('.ant-descriptions-item-label').allTextContents();
    const contents = await active().locator('.ant-descriptions-item-content').allTextContents();
    expect(contents[labels.indexOf('承运商')]).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('offers the library fields in the form: a reference as a search select, the remark as a text area with the page limit', async () => {
    await active()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await b.page.waitForURL(/vehicle\/edit\//);
    await formItem('承运商').locator('.ant-select').waitFor();
    // The page's own maxLength (500) over the library's (200): the text area takes 500 characters, no more.
    const remark = formItem('备注');
    await remark.locator('textarea').fill('备'.repeat(501));
    await expect.poll(async () => (await remark.locator('textarea').inputValue()).length).toBe(500);
    await expect.poll(() => remark.textContent()).toContain('500 / 500');
  });
});
