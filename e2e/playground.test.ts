import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

const PAGE = 'customerManage/appInfo';

/** The schema playground as an analyst uses it: edit a title, see it in the preview, save, see it on the page. */
describe.runIf(hasChromium())('the schema playground in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  const preview = () => active().getByTestId('playground-preview');
  const headers = (where: ReturnType<typeof active>) => where.locator('.ant-table-thead th').allTextContents();

  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1600, 900);
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('marks a problem at its line, previews the edited list, saves it and the page shows it', async () => {
    await signIn(b.page, server.url, 'admin');
    await b.page.goto(`${server.url}/#/systemManage/schemaPlayground?page=${encodeURIComponent(PAGE)}`);
    const editor = active().locator('.cm-content');
    await editor.waitFor();
    await preview().locator('.ant-table-row').first().waitFor();
    expect((await headers(preview())).join('|')).toContain('应用名称');

    // A literal text where a message key belongs: the problem is listed with its line and marked in the editor.
    const replace = async (text: string) => {
      await editor.click();
      await b.page.keyboard.press('Control+A');
      await b.page.keyboard.insertText(text);
    };
    const original = fs.readFileSync(`src/schemas/${PAGE}.json`, 'utf8');
    await replace(original.replace('"title": "pages.customerManage.appInfo.fields.appName"', '"title": "应用"'));
    const problems = active().getByTestId('playground-problems');
    await problems.getByText(/use an i18n key such as pages\.customerManage\.appInfo\.fields\.appName/).waitFor();
    expect(await problems.textContent()).toMatch(/第 \d+ 行第 \d+ 列/);
    // A click on the problem moves the cursor to it; the editor marks it there.
    await problems.locator('.ant-list-item').first().click();
    await screenshot(b.page, 'playground-problem-1600');
    await active().locator('.cm-lintRange-error, .cm-lint-marker-error').first().waitFor({ state: 'attached' });
    expect(await active().getByTestId('playground-save').isDisabled()).toBe(true);

    // A proper key: the preview's list header follows the text.
    await replace(original.replace('"title": "pages.customerManage.appInfo.fields.appName"', '"title": "fields.description"'));
    await b.page.waitForFunction(() => {
      const ths = [...document.querySelectorAll('.keep-alive--active [data-testid="playground-preview"] .ant-table-thead th')];
      return ths.some((th) => th.textContent === '描述') && !ths.some((th) => th.textContent === '应用名称');
    });
    await screenshot(b.page, 'playground-preview-1600');

    await active().getByTestId('playground-save').click();
    await b.page.locator('.ant-message').getByText('已保存为第 1 版，并已生效').waitFor();
    const stored = await server.app.ctx.database.db
      .selectFrom('sys_schema_version')
      .select(['revision', 'author'])
      .where('pageId', '=', PAGE)
      .execute();
    expect(stored).toEqual([{ revision: 1, author: 'admin' }]);
    await active().getByTestId('playground-versions').getByText('r1').waitFor();

    await b.page.goto(`${server.url}/#/customerManage/appInfo`);
    await active().locator('.ant-table-row').first().waitFor();
    const shown = await headers(active());
    expect(shown).toContain('描述');
    expect(shown).not.toContain('应用名称');
    await screenshot(b.page, 'playground-applied-1600');
  });

  it('rolls back to the schema file in one click, and the open page follows', async () => {
    await b.page.goto(`${server.url}/#/systemManage/schemaPlayground?page=${encodeURIComponent(PAGE)}`);
    await active().getByTestId('playground-rollback-0').click();
    await b.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await b.page.locator('.ant-message').getByText('已回滚，第 2 版已生效').waitFor();
    await screenshot(b.page, 'playground-versions-1600');
    await b.page.goto(`${server.url}/#/customerManage/appInfo`);
    await b.page.waitForFunction(() =>
      [...document.querySelectorAll('.keep-alive--active .ant-table-thead th')].some((th) => th.textContent === '应用名称'),
    );
    expect(await headers(active())).not.toContain('描述');
  });
});
