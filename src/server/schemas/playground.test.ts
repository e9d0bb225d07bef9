import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { bearer, createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGE = 'customerManage/appInfo';
const fileText = fs.readFileSync(path.join(here, `../../schemas/${PAGE}.json`), 'utf8');
const NEW_TITLE = 'pages.systemManage.menu.actions.reloadSchemas';

/** The page's file with another (existing) title key and only its first two list columns. */
function edited(): string {
  const page = JSON.parse(fileText);
  page.title = NEW_TITLE;
  page.list.columns = page.list.columns.slice(0, 2);
  return JSON.stringify(page, null, 2);
}

describe.each(dialects())('the schema playground (%s)', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let operator: Caller;
  let custA: Caller;
  const call = (who: Caller, method: 'GET' | 'POST', rest: string, payload?: object) =>
    t.app.inject({ method, url: `/open-platform/playground/${rest}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  const served = async (who: Caller) =>
    dataOf(await t.app.inject({ method: 'GET', url: `/open-platform/schemas/${encodeURIComponent(PAGE)}`, headers: bearer(who.token) }))
      .page;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, operator, custA] = await Promise.all(['admin', 'operator', 'cust_a'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t.close());

  it('is refused to anyone but the super administrator', async () => {
    refusal(await call(operator, 'GET', 'pages'), 403);
    refusal(await call(operator, 'POST', 'preview', { id: PAGE, source: fileText }), 403);
    refusal(await call(custA, 'POST', 'save', { id: PAGE, source: edited() }), 403);
    refusal(await call(operator, 'POST', 'rollback', { id: PAGE, revision: 0 }), 403);
  });

  it('opens a page at its file text when nothing was saved', async () => {
    const pages = dataOf(await call(admin, 'GET', 'pages')) as { id: string; revision: number | null }[];
    expect(pages.find((p) => p.id === PAGE)).toMatchObject({ revision: null });
    const opened = dataOf(await call(admin, 'GET', `page?id=${encodeURIComponent(PAGE)}`));
    expect(opened).toMatchObject({ source: fileText, file: fileText, revision: null, versions: [] });
  });

  it('previews an invalid text with each problem at its line and column', async () => {
    const broken = fileText.replace('"kind": "crud",', '"kind": "crud"');
    const syntax = dataOf(await call(admin, 'POST', 'preview', { id: PAGE, source: broken }));
    expect(syntax.page).toBeNull();
    expect(syntax.problems[0]).toMatchObject({ page: PAGE, line: 5, column: 3 });
    expect(syntax.problems[0].message).toMatch(/comma may be missing/);

    const literal = fileText.replace('"title": "pages.customerManage.appInfo.title"', '"title": "应用信息"');
    const taught = dataOf(await call(admin, 'POST', 'preview', { id: PAGE, source: literal }));
    expect(taught.problems[0]).toMatchObject({ page: PAGE, line: 5, column: 3 });
    expect(taught.problems[0].message).toMatch(/use an i18n key such as pages\.customerManage\.appInfo\.title/);
  });

  it('checks the edited page among the others: a reference to a missing page is taught with its place', async () => {
    const page = JSON.parse(fileText);
    page.model.properties.appName['x-ref'] = 'customerManage/serviceAcount';
    const preview = dataOf(await call(admin, 'POST', 'preview', { id: PAGE, source: JSON.stringify(page, null, 2) }));
    expect(preview.problems[0]).toMatchObject({ page: PAGE, line: expect.any(Number), column: expect.any(Number) });
    expect(preview.problems[0].message).toMatch(/unknown page "customerManage\/serviceAcount".*customerManage\/serviceAccount/);
  });

  it('refuses a message key that no language defines, naming its line and the command that adds it', async () => {
    const page = JSON.parse(fileText);
    page.model.properties.appName.title = 'pages.customerManage.appInfo.fields.appNameNew';
    const source = JSON.stringify(page, null, 2);
    const preview = dataOf(await call(admin, 'POST', 'preview', { id: PAGE, source }));
    const line = source.split('\n').findIndex((l) => l.includes('appNameNew')) + 1;
    expect(preview.problems).toEqual([expect.objectContaining({ page: PAGE, line })]);
    expect(preview.problems[0].message).toMatch(
      /message key "pages\.customerManage\.appInfo\.fields\.appNameNew" is not defined in zh, en, es, ja; run `npm run messages -- customerManage\/appInfo`/,
    );
    refusal(await call(admin, 'POST', 'save', { id: PAGE, source }), 400);
  });

  it('previews a valid text as the engine will render it, with its messages', async () => {
    const preview = dataOf(await call(admin, 'POST', 'preview', { id: PAGE, source: edited() }));
    expect(preview.problems).toEqual([]);
    expect(preview.page).toMatchObject({ id: PAGE, title: NEW_TITLE, list: { columns: ['appName', 'appKey'] } });
    expect(preview.page.demo).toBeUndefined();
    expect(preview.messages[NEW_TITLE]).toBeTruthy();
    expect(preview.saved).toBe(true);
  });

  it('refuses to save an invalid text, storing nothing', async () => {
    const res = refusal(await call(admin, 'POST', 'save', { id: PAGE, source: fileText.replace('"crud"', '"crudd"') }), 400);
    expect(res.data.problems.length).toBeGreaterThan(0);
    expect(dataOf(await call(admin, 'GET', `page?id=${encodeURIComponent(PAGE)}`)).versions).toEqual([]);
  });

  it('saves a new version that the page serves at once, to every caller', async () => {
    const saved = dataOf(await call(admin, 'POST', 'save', { id: PAGE, source: edited(), note: 'shorter list' }));
    expect(saved).toMatchObject({ revision: 1 });
    expect(await served(admin)).toMatchObject({ title: NEW_TITLE, list: { columns: ['appName', 'appKey'] } });
    expect((await served(custA)).title).toBe(NEW_TITLE);
    // Records are untouched: the customer still reads only its own.
    const rows = dataOf(await custA.get(PAGE)).list as { partyCode: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.partyCode))).toEqual(new Set(['C1001']));
    const opened = dataOf(await call(admin, 'GET', `page?id=${encodeURIComponent(PAGE)}`));
    expect(opened).toMatchObject({ revision: 1, source: edited(), file: fileText });
    expect(opened.versions[0]).toMatchObject({ revision: 1, author: 'admin', note: 'shorter list' });
    expect(Date.now() - Date.parse(opened.versions[0].createdAt)).toBeLessThan(10 * 60_000);
  });

  it('rolls back in one call, to the file or to any saved version, each as a new revision', async () => {
    expect(dataOf(await call(admin, 'POST', 'rollback', { id: PAGE, revision: 0 }))).toMatchObject({ revision: 2 });
    expect((await served(admin)).title).toBe('pages.customerManage.appInfo.title');
    expect(dataOf(await call(admin, 'POST', 'rollback', { id: PAGE, revision: 1 }))).toMatchObject({ revision: 3 });
    expect((await served(admin)).title).toBe(NEW_TITLE);
    refusal(await call(admin, 'POST', 'rollback', { id: PAGE, revision: 3 }), 400);
    refusal(await call(admin, 'POST', 'rollback', { id: PAGE, revision: 9 }), 404);
    const versions = dataOf(await call(admin, 'GET', `page?id=${encodeURIComponent(PAGE)}`)).versions as {
      revision: number;
      note: string;
    }[];
    expect(versions.map((v) => [v.revision, v.note])).toEqual([
      [3, '↩ r1'],
      [2, '↩ r0'],
      [1, 'shorter list'],
    ]);
  });

  it('keeps serving the saved version after a reload of the files, and on a server started later', async () => {
    dataOf(await t.app.inject({ method: 'POST', url: '/open-platform/schemas/reload', headers: bearer(admin.token) }));
    expect((await served(admin)).title).toBe(NEW_TITLE);
    const later = await buildApp(t.config, { logger: false });
    try {
      expect(later.ctx.schemas.pages.get(PAGE)?.title).toBe(NEW_TITLE);
    } finally {
      await later.close();
    }
  });
});
