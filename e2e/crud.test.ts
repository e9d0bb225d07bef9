import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

/** A whole working day on one schema page, through the forms, as an administrator. */
describe.runIf(hasChromium())('a schema page end to end in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  /** A form input by its label, as a person finds it. */
  const field = (label: string) =>
    active()
      .locator('.ant-formily-item')
      .filter({ has: b.page.locator('.ant-formily-item-label', { hasText: label }) })
      .locator('input, textarea')
      .first();
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('refuses a bad form with messages on the fields, then adds the record', async () => {
    await b.page.goto(`${server.url}/#/platformUser/department`);
    await active()
      .getByRole('button', { name: /新\s*增/ })
      .click();
    await b.page.waitForURL(/department\/add/);
    await field('部门编码').fill('bad code!');
    await field('手机号').fill('12345');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect
      .poll(() =>
        active().locator('.ant-formily-item-error-help, .ant-formily-item-feedback-layout-terse .ant-formily-item-help').allTextContents(),
      )
      .not.toEqual([]);
    expect(b.page.url()).toContain('/add');
    await screenshot(b.page, 'crud-form-errors');
    await field('部门编码').fill('E2E-QA');
    await field('部门名称').fill('质量保障部');
    await field('手机号').fill('13812345678');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await b.page.waitForURL(/department\/detail\/\d+/);
    await expect.poll(() => active().textContent()).toContain('质量保障部');
  });

  it('edits it, and the change shows in its history', async () => {
    await active()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await b.page.waitForURL(/department\/edit\/\d+/);
    await field('负责人').fill('孙悦');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await b.page.waitForURL(/department\/detail\/\d+/);
    await expect.poll(() => active().textContent()).toContain('孙悦');
    await expect.poll(() => active().locator('.history-entry').count()).toBeGreaterThanOrEqual(2);
  });

  it('answers a stale edit with a dialog instead of overwriting', async () => {
    const id = b.page.url().match(/detail\/(\d+)/)![1];
    await active()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await b.page.waitForURL(/department\/edit\/\d+/);
    await field('负责人').waitFor();
    // Someone else saves the record meanwhile.
    const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
    const url = `${server.url}/open-platform/data/${encodeURIComponent('platformUser/department')}/${id}`;
    const current = (await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
    await fetch(url, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ leader: '别人', version: current.version }),
    });
    await field('负责人').fill('我的修改');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    const dialog = b.page.locator('.ant-modal').filter({ hasText: '记录已被他人修改' });
    await dialog.waitFor();
    await screenshot(b.page, 'crud-stale-dialog');
    await dialog.getByRole('button', { name: '放弃修改并重新加载' }).click();
    await expect.poll(() => field('负责人').inputValue()).toBe('别人');
    await b.page.goto(`${server.url}/#/platformUser/department`);
  });

  it('filters, sorts and keeps both in the address', async () => {
    await active().locator('#name').fill('质量');
    await active()
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await b.page.waitForURL(/name=/);
    await expect.poll(() => active().locator('.ant-table-row').count()).toBe(1);
    await active()
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await active().locator('th', { hasText: '部门名称' }).first().click();
    await b.page.waitForURL(/sort=name/);
    await active().locator('.ant-table-row').first().waitFor();
  });

  it('exports what the list shows as a spreadsheet', async () => {
    await active()
      .getByRole('button', { name: /导\s*出/ })
      .click();
    const item = b.page.getByRole('menuitem', { name: /xlsx/ });
    await item.waitFor();
    const download = b.page.waitForEvent('download');
    await item.click();
    const file = await (await download).path();
    expect(fs.readFileSync(file!).subarray(0, 2).toString()).toBe('PK');
  });

  it('deletes the record after a confirmation', async () => {
    await b.page.goto(`${server.url}/#/platformUser/department?name=${encodeURIComponent('质量')}`);
    const row = active().locator('.ant-table-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await b.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => active().locator('.ant-table-row').count()).toBe(0);
  });

  it('had no console errors or failed requests', () => {
    // The stale save answers 409 on purpose; anything else is a fault.
    expect(b.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  });
});
