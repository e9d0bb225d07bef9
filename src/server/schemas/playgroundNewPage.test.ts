import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { buildApp } from '../app.js';

const PAGE = 'labDemo/sample';
const KEY = 'pages.labDemo.sample.title';
const MENU_KEY = 'menu.labDemo.sample';
const source = JSON.stringify(
  {
    id: PAGE,
    kind: 'crud',
    title: KEY,
    resource: { table: 'pg_lab_demo_sample', scope: 'party', label: 'name' },
    model: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'fields.name', maxLength: 40 } } },
    list: { columns: ['name', 'partyCode'] },
  },
  null,
  2,
);
const texts = (title: [string, string, string, string], menu: [string, string, string, string]) =>
  Object.fromEntries(['zh', 'en', 'es', 'ja'].map((lang, i) => [lang, { [KEY]: title[i], [MENU_KEY]: menu[i] }]));
const messages = texts(
  ['样品', 'Samples', 'Muestras', 'サンプル'],
  ['样品登记', 'Sample register', 'Registro de muestras', 'サンプル登録'],
);
const menu = { parent: 'customerManage', icon: 'FileSearchOutlined', grants: { CUSTOMER_ADMIN: ['read', 'create'] } };

describe.each(dialects())('a new page made wholly in the playground (%s)', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  const call = (method: 'GET' | 'POST', rest: string, payload?: object) =>
    t.app.inject({ method, url: `/open-platform/playground/${rest}`, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
  const menuTitles = async (who: Caller, lang: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: { ...bearer(who.token), 'accept-language': lang } })
    ).json().data.translatelist as Record<string, string>;
  const menuCodes = async () =>
    dataOf(await admin.get('systemManage/menu', '?size=500')).list as { code: string; parentCode: string | null }[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a')]);
  });
  afterAll(async () => t.close());

  it('refuses a page whose messages lack a language, naming the key and the command', async () => {
    const res = refusal(await call('POST', 'save', { id: PAGE, source, messages: { ...messages, ja: {} }, menu }), 400);
    expect(res.data.problems[0].message).toMatch(/message key "pages\.labDemo\.sample\.title" is not defined in ja/);
  });

  it('saves the page with its messages in four languages, its menu entry and grants, and serves it at once', async () => {
    // An icon the console does not draw is refused like one in menu.json.
    const badIcon = refusal(await call('POST', 'save', { id: PAGE, source, messages, menu: { ...menu, icon: 'FileSerchOutlined' } }), 400);
    expect(badIcon.data.problems[0].message).toMatch(/did you mean FileSearchOutlined/);
    const saved = dataOf(await call('POST', 'save', { id: PAGE, source, messages, menu, note: 'new' }));
    expect(saved).toMatchObject({ revision: 1, tables: [PAGE] });
    expect((await menuCodes()).find((m) => m.code === PAGE)).toMatchObject({ parentCode: 'customerManage' });
    expect((await menuTitles(custA, 'es'))[MENU_KEY]).toBe('Registro de muestras');
    // The grants of the entry: the customer may add records of its own.
    expect(dataOf(await custA.post(PAGE, '', { name: '一号样品' }), 201)).toMatchObject({ partyCode: 'C1001' });
    const schema = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/open-platform/schemas/${encodeURIComponent(PAGE)}`,
        headers: { ...bearer(custA.token), 'accept-language': 'ja' },
      }),
    );
    expect(schema.messages[KEY]).toBe('サンプル');
    const opened = dataOf(await call('GET', `page?id=${encodeURIComponent(PAGE)}`));
    expect(opened).toMatchObject({ file: null, revision: 1, messages, menu });
    const dirs = dataOf(await call('GET', 'menus')) as { code: string }[];
    expect(dirs.map((d) => d.code)).toContain('customerManage');
  });

  it('keeps the messages and menu of the last version when only the text changes, and on a server started later', async () => {
    dataOf(await call('POST', 'save', { id: PAGE, source: source.replace('"maxLength": 40', '"maxLength": 60') }));
    expect((await menuTitles(custA, 'zh'))[MENU_KEY]).toBe('样品登记');
    const later = await buildApp(t.config, { logger: false });
    try {
      await later.ready();
      expect(later.ctx.schemas.pages.get(PAGE)?.model?.properties.name.maxLength).toBe(60);
    } finally {
      await later.close();
    }
  });

  it('rolls back to nothing: the page, its menu entry and grants go; the history stays', async () => {
    const removed = dataOf(await call('POST', 'rollback', { id: PAGE, revision: 0 }));
    expect(removed.revision).toBe(3);
    refusal(await custA.get(PAGE), 404);
    expect((await menuCodes()).map((m) => m.code)).not.toContain(PAGE);
    expect(dataOf(await call('GET', 'pages')).map((p: { id: string }) => p.id)).not.toContain(PAGE);
    const opened = dataOf(await call('GET', `page?id=${encodeURIComponent(PAGE)}`));
    expect(opened).toMatchObject({ removed: true, revision: 3 });
    refusal(await call('POST', 'delete', { id: PAGE }), 400);
    // Any earlier version brings it back, with its messages and menu entry.
    dataOf(await call('POST', 'rollback', { id: PAGE, revision: 1 }));
    expect((await menuTitles(custA, 'en'))[MENU_KEY]).toBe('Sample register');
    expect((dataOf(await custA.get(PAGE)).list as { name: string }[]).map((r) => r.name)).toEqual(['一号样品']);
  });

  it('deletes a page made here, and refuses to delete a page that has a file', async () => {
    refusal(await call('POST', 'delete', { id: 'customerManage/appInfo' }), 400);
    dataOf(await call('POST', 'delete', { id: PAGE }));
    refusal(await custA.get(PAGE), 404);
    expect((await menuCodes()).map((m) => m.code)).not.toContain(PAGE);
  });
});
