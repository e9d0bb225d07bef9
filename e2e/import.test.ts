import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

/** An import as a person does it: a file with mistakes is checked and refused, then the corrected file goes in. */
describe.runIf(hasChromium())('import from a spreadsheet in Chromium', () => {
  let server: Running;
  let b: Browser;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-e2e-import-'));
  const active = () => b.page.locator('.keep-alive--active');
  const dialog = () => b.page.locator('.ant-modal').filter({ hasText: '导入' }).last();
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `\uFEFF${text}`);
    return file;
  };
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function openImport(width: number, height: number) {
    b = await openBrowser(width, height);
    await signIn(b.page, server.url, 'admin');
    await b.page.goto(`${server.url}/#/systemManage/ipBlacklist`);
    await active()
      .getByRole('button', { name: /导\s*入/ })
      .click();
    await dialog().waitFor();
  }

  it('shows the dry run’s errors with row numbers, imports nothing, then commits the corrected file', async () => {
    await openImport(1366, 900);
    const bad = write(
      'ips-bad.csv',
      'IP 或网段,拉黑原因,来源\r\n10.20.30.40,扫描端口,人工添加\r\n999.1.1.1,暴力破解,人工添加\r\n10.20.30.41,,外星人\r\n',
    );
    await dialog().locator('input[type=file]').setInputFiles(bad);
    await dialog()
      .getByRole('button', { name: /校\s*验/ })
      .click();
    await dialog().locator('.import-errors').waitFor();
    const rows = await dialog().locator('.import-errors tbody tr.ant-table-row').allTextContents();
    await screenshot(b.page, 'import-errors-1366');
    expect(rows.length, rows.join(' | ')).toBe(3);
    expect(rows[0]).toMatch(/^3\s*IP 或网段/);
    expect(rows.join('\n')).toMatch(/4\s*拉黑原因/);
    expect(rows.join('\n')).toMatch(/4\s*来源.*外星人/);
    expect(
      await dialog()
        .getByRole('button', { name: /导入 1 行/ })
        .isDisabled(),
    ).toBe(true);
    await screenshot(b.page, 'import-errors-1366');

    const good = write(
      'ips-good.csv',
      'IP 或网段,拉黑原因,来源\r\n10.20.30.40,扫描端口,人工添加\r\n10.20.30.42,暴力破解,人工添加\r\n10.20.30.41,撞库,风控自动\r\n',
    );
    await dialog().locator('input[type=file]').setInputFiles(good);
    await dialog()
      .getByRole('button', { name: /校\s*验/ })
      .click();
    await expect.poll(() => dialog().textContent()).toContain('全部校验通过');
    await dialog()
      .getByRole('button', { name: /导入 3 行/ })
      .click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('已导入 3 行');
    await expect.poll(() => active().locator('.ant-table-tbody').textContent()).toContain('10.20.30.42');
    await screenshot(b.page, 'import-done-1366');
    await b.close();
  });

  it('fits a phone screen', async () => {
    await openImport(390, 844);
    const bad = write('ips-bad2.csv', 'IP 或网段,拉黑原因,鞋码\r\n1.2.3.4,x,42\r\n');
    await dialog().locator('input[type=file]').setInputFiles(bad);
    await dialog()
      .getByRole('button', { name: /校\s*验/ })
      .click();
    await dialog().locator('.import-errors').waitFor();
    expect(await dialog().locator('.import-errors').textContent()).toContain('鞋码');
    const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(b.page, 'import-errors-390');
  });
});
