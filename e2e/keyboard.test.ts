import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, openBrowser, screenshot, startServer, type Browser, type Running } from './harness';

/** What has the keyboard focus: its id, its text, and the text of the label naming it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const labelledBy = el?.getAttribute('aria-labelledby');
    return {
      id: el?.id ?? '',
      text: (el?.textContent ?? '').replace(/\s+/g, ''),
      label: labelledBy ? (document.getElementById(labelledBy)?.textContent ?? '') : '',
      inForm: Boolean(el?.closest('.keep-alive--active .form-page')),
    };
  });

/** Presses Tab until the focus is where `wanted` says, and says how many presses that took. */
async function tabTo(page: Page, wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 40): Promise<number> {
  const trail: string[] = [];
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (wanted(f)) return presses;
    trail.push(f.id || f.label || f.text.slice(0, 12));
  }
  throw new Error(`not reached in ${limit} Tabs at ${page.url()}: ${trail.join(' → ')}`);
}

/** A whole task without the mouse: sign in, find a page by route search, add a record, save it. */
describe.runIf(hasChromium())('the console from the keyboard alone in Chromium', () => {
  let server: Running;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 860);
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('signs in', async () => {
    await b.page.goto(`${server.url}/#/login`);
    await b.page.locator('#username').waitFor();
    await tabTo(b.page, (f) => f.id === 'username');
    await b.page.keyboard.type('admin');
    await tabTo(b.page, (f) => f.id === 'password');
    await b.page.keyboard.type('Demo12345');
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL(/#\/home/);
  });

  it('skips the menu and the header with the first Tab', async () => {
    await b.page.locator('.console-layout').waitFor();
    await b.page.keyboard.press('Tab');
    expect((await focused(b.page)).text).toBe('跳到主要内容');
    await b.page.keyboard.press('Enter');
    expect((await focused(b.page)).id).toBe('page-title');
  });

  it('opens a page from the route search', async () => {
    await b.page.keyboard.press('Control+k');
    await b.page.keyboard.type('部门管理');
    await b.page.locator('.route-search__option').first().waitFor();
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL(/#\/platformUser\/department$/);
    // The address changes first; the page shows once its code and rows are here.
    await b.page.locator('.keep-alive--active[data-page="/platformUser/department"] .ant-table-row').first().waitFor();
  });

  it('reaches "Create" in a few Tabs, and the opened form takes the focus to its first field', async () => {
    // The new page holds the focus at its start (its title), not wherever the last one left it.
    await expect.poll(async () => (await focused(b.page)).id).toBe('page-title');
    // The filter bar (keyword, name, search, reset, more) comes first.
    await tabTo(b.page, (f) => f.text === '新增', 10);
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL(/department\/add$/);
    await expect.poll(async () => (await focused(b.page)).inForm).toBe(true);
    // Platform staff first choose the organisation the record is for.
    expect((await focused(b.page)).label).toBe('组织');
  });

  it('gives the focus back to "Create" when the form is cancelled, and closes the form', async () => {
    await tabTo(b.page, (f) => f.text === '取消');
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL(/#\/platformUser\/department$/);
    await expect.poll(async () => (await focused(b.page)).text).toBe('新增');
    await expect.poll(() => b.page.getByTestId('tab').allTextContents()).not.toContain('部门管理 · 新增');
  });

  it('creates the record and saves it', async () => {
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL(/department\/add$/);
    await expect.poll(async () => (await focused(b.page)).label).toBe('组织');
    await tabTo(b.page, (f) => f.label === '部门编码');
    await b.page.keyboard.type('KB-01');
    await tabTo(b.page, (f) => f.label === '部门名称');
    await b.page.keyboard.type('键盘测试部');
    await tabTo(b.page, (f) => f.text === '保存');
    await screenshot(b.page, 'keyboard-form');
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL(/department\/detail\/\d+/);
    await expect.poll(() => b.page.locator('.keep-alive--active').textContent()).toContain('键盘测试部');
  });

  it('had no console errors or failed requests', () => {
    expect(b.problems).toEqual([]);
  });
});
