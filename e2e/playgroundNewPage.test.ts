import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, motionEnded, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

const PAGE = 'labDemo/sample';
const TEXTS = {
  'pages.labDemo.sample.title': ['样品', 'Samples', 'Muestras', 'サンプル'],
  'menu.labDemo.sample': ['样品登记', 'Sample register', 'Registro de muestras', 'サンプル登録'],
};

/** A new page from nothing to nothing, in the playground only: texts, menu entry and grants, preview, save, roll back, delete. */
describe.runIf(hasChromium())('a new page made wholly in the schema playground, in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  const menuRow = () =>
    server.app.ctx.database.core.selectFrom('sys_menu').select(['code', 'parentCode']).where('code', '=', PAGE).executeTakeFirst();
  // Earlier confirmations stay in the page, hidden: the open one is the last that is not.
  const confirm = async () => {
    const open = b.page
      .locator('.ant-popconfirm:not(.ant-popover-hidden)')
      .last()
      .getByRole('button', { name: /确\s*定|OK/ });
    await open.waitFor();
    await open.dispatchEvent('click');
  };

  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1600, 900);
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('creates the page with its texts in four languages and its menu entry, previews, saves, rolls back to nothing and deletes it', async () => {
    await signIn(b.page, server.url, 'admin');
    await b.page.goto(`${server.url}/#/systemManage/schemaPlayground`);
    await active().getByRole('button', { name: '新建页面' }).click();
    const dialog = b.page.locator('.ant-modal:visible');
    await dialog.getByLabel('页面标识（目录/名称）').fill(PAGE);
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();

    // The starter's own keys lack texts: listed as problems until the four languages are filled in.
    const problems = active().getByTestId('playground-problems');
    await problems.getByText(/message key "pages\.labDemo\.sample\.title" is not defined in zh, en, es, ja/).waitFor();
    const extras = active().getByTestId('playground-extras');
    for (const [key, texts] of Object.entries(TEXTS)) {
      for (const [i, lang] of ['zh', 'en', 'es', 'ja'].entries()) await extras.getByTestId(`msg-${lang}-${key}`).fill(texts[i]);
    }
    // Customer administrators may see and add records.
    await extras.getByTestId('playground-grants-CUSTOMER_ADMIN').locator('.ant-select-selector').click();
    await motionEnded(b.page);
    for (const action of ['查看', '新增'])
      await b.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: action }).first().click();
    await b.page.keyboard.press('Escape');
    await active().getByText('没有问题', { exact: false }).first().waitFor();
    // The preview draws the page with the texts being edited (its list waits for the first save).
    await active().getByTestId('playground-preview').locator('.ant-alert-info').first().waitFor();
    await screenshot(b.page, 'playground-new-page-1600');

    await active().getByTestId('playground-save').click();
    await b.page.locator('.ant-message').getByText('已保存为第 1 版，并已生效').waitFor();
    expect(await menuRow()).toMatchObject({ code: PAGE });
    const grants = await server.app.ctx.database.core
      .selectFrom('sys_role')
      .select('grants')
      .where('code', '=', 'CUSTOMER_ADMIN')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(grants.grants as string)[PAGE]).toEqual(['read', 'create']);

    // The page is in the menu with its title (the menu comes with the session: load the console again) and opens as a list.
    await b.page.goto(`${server.url}/#/home`);
    await b.page.reload();
    await b.page.locator('.side-nav').getByText('样品登记').first().click();
    await b.page.waitForURL(/#\/labDemo\/sample/);
    await active().locator('.ant-table').first().waitFor();
    await screenshot(b.page, 'playground-new-page-list-1600');

    // Roll back to nothing: the page and its menu entry go.
    await b.page.goto(`${server.url}/#/systemManage/schemaPlayground?page=${encodeURIComponent(PAGE)}`);
    await active().getByTestId('playground-rollback-0').click();
    await confirm();
    await b.page.locator('.ant-message').getByText('已回滚，第 2 版已生效').waitFor();
    expect(await menuRow()).toBeUndefined();
    expect(server.app.ctx.schemas.pages.has(PAGE)).toBe(false);

    // Back to revision 1, then deleted with the button.
    await active().getByTestId('playground-rollback-1').click();
    await confirm();
    await b.page.locator('.ant-message').getByText('已回滚，第 3 版已生效').waitFor();
    expect(server.app.ctx.schemas.pages.has(PAGE)).toBe(true);
    await active().getByTestId('playground-remove').click();
    await confirm();
    await b.page.locator('.ant-message').getByText('页面已删除（第 4 版）').waitFor();
    expect(await menuRow()).toBeUndefined();
    expect(server.app.ctx.schemas.pages.has(PAGE)).toBe(false);
    expect(b.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });
});
