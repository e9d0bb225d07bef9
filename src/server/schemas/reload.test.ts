import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { addMenuEntries } from '../db/menuSync.js';
import { menuEntries } from '../../shared/schema/menuFile.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGE = 'reloadDemo/stock';

/** A stock page added while the server runs: scoped by organisation, with a read-only balance set by its demo rows. */
const stockPage = {
  id: PAGE,
  kind: 'crud',
  title: 'pages.systemManage.menu.actions.reloadSchemas',
  resource: { table: 'rd_stock', scope: 'party', label: 'sku' },
  model: {
    type: 'object',
    required: ['sku'],
    properties: {
      sku: { type: 'string', title: 'fields.code', pattern: '^[A-Z]{2}\\d{3}$' },
      onHand: { type: 'integer', title: 'fields.sort', readOnly: true },
    },
  },
  list: { columns: ['sku', 'onHand'] },
  demo: [
    { sku: 'AA001', onHand: 40, partyCode: 'C1001' },
    { sku: 'AA002', onHand: 15, partyCode: 'C1001' },
    { sku: 'BB001', onHand: 7, partyCode: 'C1002' },
  ],
};

const menuEntry = {
  code: PAGE,
  menuTitle: 'menu.systemManage.menu',
  name: 'stock',
  path: `/${PAGE}`,
  component: `${PAGE}/index`,
  icon: 'ShopOutlined',
  grants: { CUSTOMER_ADMIN: ['read'] },
};

describe('reloading page schemas without a restart', () => {
  let t: TestApp;
  let dir: string;
  let admin: Caller;
  let operator: Caller;
  let custA: Caller;
  const reload = (who: Caller) => t.app.inject({ method: 'POST', url: '/open-platform/schemas/reload', headers: bearer(who.token) });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-reload-'));
    fs.cpSync(path.join(here, '../../schemas'), dir, { recursive: true });
    t = await createTestApp('sqlite', { schemasDir: dir });
    [admin, operator, custA] = await Promise.all(['admin', 'operator', 'cust_a'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses anyone but the super administrator', async () => {
    refusal(await reload(operator), 403);
  });

  it('applies a new page file and menu entry: the table is created with its demo rows, within each organisation', async () => {
    refusal(await admin.get(PAGE), 404);
    fs.mkdirSync(path.join(dir, 'reloadDemo'));
    fs.writeFileSync(path.join(dir, `${PAGE}.json`), JSON.stringify(stockPage, null, 2));
    addMenuEntries(dir, [menuEntry]);

    const done = dataOf(await reload(admin));
    expect(done).toMatchObject({ tables: [PAGE], menus: 1 });
    const all = dataOf(await admin.get(PAGE, '?size=50')).list as { sku: string; onHand: number }[];
    expect(all.map((r) => [r.sku, r.onHand]).sort()).toEqual([
      ['AA001', 40],
      ['AA002', 15],
      ['BB001', 7],
    ]);
    const mine = dataOf(await custA.get(PAGE)).list as { sku: string; partyCode: string }[];
    expect(mine.map((r) => r.sku).sort()).toEqual(['AA001', 'AA002']);
    // Only demo rows set the read-only balance; a request's is not stored.
    expect(dataOf(await admin.post(PAGE, '', { sku: 'CC001', onHand: 999, partyCode: 'C1001' }), 201)).toMatchObject({ onHand: null });
  });

  it('changes nothing when a schema is broken, and answers every problem with its place', async () => {
    fs.writeFileSync(path.join(dir, `${PAGE}.json`), JSON.stringify({ ...stockPage, title: '库存' }, null, 2));
    const refused = refusal(await reload(admin), 400);
    expect(refused.data.problems.join('\n')).toMatch(
      /reloadDemo\/stock\.json: \/title: "库存" is a literal text where a message key is expected; use an i18n key such as pages\.reloadDemo\.stock\.title .*\(line 4, column 3\)/,
    );
    expect(dataOf(await admin.get(PAGE)).list.length).toBeGreaterThan(0);
  });

  it('refuses a changed page that shows a message key no language defines, with its line and the command that adds it', async () => {
    const text = JSON.stringify({ ...stockPage, title: 'pages.reloadDemo.stock.title' }, null, 2);
    fs.writeFileSync(path.join(dir, `${PAGE}.json`), text);
    const refused = refusal(await reload(admin), 400);
    expect(refused.data.problems).toEqual([
      expect.stringMatching(
        /reloadDemo\/stock\.json: \/title: message key "pages\.reloadDemo\.stock\.title" is not defined in zh, en, es, ja; run `npm run messages -- reloadDemo\/stock` to add it .*\(line 4, column 3\)/,
      ),
    ]);
    // The command's keys, once translated, make the page valid.
    const texts = { zh: '库存', en: 'Stock', es: 'Existencias', ja: '在庫' };
    fs.writeFileSync(
      path.join(dir, `${PAGE}.messages.json`),
      JSON.stringify(Object.fromEntries(Object.entries(texts).map(([l, t]) => [l, { 'pages.reloadDemo.stock.title': t }]))),
    );
    dataOf(await reload(admin));
    fs.writeFileSync(path.join(dir, `${PAGE}.json`), JSON.stringify(stockPage, null, 2));
    fs.rmSync(path.join(dir, `${PAGE}.messages.json`));
    dataOf(await reload(admin));
  });

  it('applies the other changed files when one is broken, and names the broken one', async () => {
    const other = 'reloadDemo/bay';
    fs.writeFileSync(
      path.join(dir, `${other}.json`),
      JSON.stringify({ ...stockPage, id: other, resource: { ...stockPage.resource, table: 'rd_bay' } }, null, 2),
    );
    fs.writeFileSync(path.join(dir, `${PAGE}.json`), JSON.stringify({ ...stockPage, kind: 'crudd' }, null, 2));
    const done = dataOf(await reload(admin));
    expect(done.tables).toEqual([other]);
    expect(done.refused.join('\n')).toMatch(/reloadDemo\/stock\.json: \/kind/);
    expect(dataOf(await admin.get(other)).list.length).toBe(3);
    expect(dataOf(await admin.get(PAGE)).list.length).toBeGreaterThan(0);
    fs.writeFileSync(path.join(dir, `${PAGE}.json`), JSON.stringify(stockPage, null, 2));
    fs.rmSync(path.join(dir, `${other}.json`));
  });

  it('extends an existing table with a new field, as at start', async () => {
    const more = structuredClone(stockPage) as typeof stockPage & { model: { properties: Record<string, unknown> } };
    more.model.properties.shelf = { type: 'string', title: 'fields.name', maxLength: 20 };
    more.list.columns.push('shelf');
    fs.writeFileSync(path.join(dir, `${PAGE}.json`), JSON.stringify(more, null, 2));
    expect(dataOf(await reload(admin))).toMatchObject({ tables: [], menus: 0 });
    const made = dataOf(await admin.post(PAGE, '', { sku: 'AA003', shelf: 'A-01', partyCode: 'C1001' }), 201);
    expect(made).toMatchObject({ sku: 'AA003', shelf: 'A-01', partyCode: 'C1001' });
  });

  it("merges menu.json into the menu: a changed title follows the file, a field an admin edited stays; the title comes in the caller's language", async () => {
    const menuRows = dataOf(await admin.get('systemManage/menu', '?size=500')).list as { id: number; version: number; code: string }[];
    const row = menuRows.find((r) => r.code === PAGE)!;
    dataOf(await admin.put('systemManage/menu', `/${row.id}`, { ...row, icon: 'TeamOutlined' }));
    const texts = { zh: '库存', en: 'Stock', es: 'Existencias', ja: '在庫' };
    const messages = Object.fromEntries(Object.entries(texts).map(([lang, text]) => [lang, { 'menu.reloadDemo.stock': text }]));
    fs.writeFileSync(path.join(dir, `${PAGE}.messages.json`), JSON.stringify(messages));
    const menu = JSON.parse(fs.readFileSync(path.join(dir, 'menu.json'), 'utf8')) as unknown;
    const mine = menuEntries(menu).find((e) => e.code === PAGE)!;
    Object.assign(mine, { menuTitle: 'menu.reloadDemo.stock', icon: 'SettingOutlined' });
    fs.writeFileSync(path.join(dir, 'menu.json'), JSON.stringify(menu, null, 2));

    expect(dataOf(await reload(admin))).toMatchObject({ menus: 0, menusUpdated: 1 });
    const after = (
      dataOf(await admin.get('systemManage/menu', '?size=500')).list as { code: string; menuTitle: string; icon: string }[]
    ).find((r) => r.code === PAGE);
    expect(after).toMatchObject({ menuTitle: 'menu.reloadDemo.stock', icon: 'TeamOutlined' });
    const info = (
      await t.app.inject({
        method: 'POST',
        url: '/open-platform/getUserInfo',
        headers: { ...bearer(custA.token), 'accept-language': 'ja' },
      })
    ).json().data;
    expect(info.translatelist['menu.reloadDemo.stock']).toBe('在庫');
    // Nothing changed in the file since: a second reload updates nothing.
    expect(dataOf(await reload(admin))).toMatchObject({ menus: 0, menusUpdated: 0 });
  });

  it("serves a page with its messages in the caller's language and an ETag; a changed message file changes the answer", async () => {
    const url = `/open-platform/schemas/${encodeURIComponent(PAGE)}`;
    const ask = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(custA.token), 'accept-language': 'es', ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect((await ask(etag)).statusCode).toBe(304);
    const page = stockPage.model.properties;
    fs.writeFileSync(
      path.join(dir, `${PAGE}.messages.json`),
      JSON.stringify({
        zh: { 'menu.reloadDemo.stock': '库存', 'pages.reloadDemo.stock.fields.sku': '货号' },
        en: { 'menu.reloadDemo.stock': 'Stock', 'pages.reloadDemo.stock.fields.sku': 'SKU' },
        es: { 'menu.reloadDemo.stock': 'Existencias', 'pages.reloadDemo.stock.fields.sku': 'Referencia' },
        ja: { 'menu.reloadDemo.stock': '在庫', 'pages.reloadDemo.stock.fields.sku': '品番' },
      }),
    );
    const more = {
      ...stockPage,
      model: {
        ...stockPage.model,
        properties: {
          ...page,
          sku: { ...page.sku, title: 'pages.reloadDemo.stock.fields.sku' },
          shelf: { type: 'string', title: 'fields.name', maxLength: 20 },
        },
      },
    };
    fs.writeFileSync(path.join(dir, `${PAGE}.json`), JSON.stringify(more, null, 2));
    dataOf(await reload(admin));
    const changed = await ask(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.messages['pages.reloadDemo.stock.fields.sku']).toBe('Referencia');
  });

  it('refuses a menu entry edited on the menu page with an icon the console does not have', async () => {
    const entry = { code: 'reloadDemo/other', menuTitle: 'menu.systemManage.menu', menuLevel: 2, sort: 0, icon: 'ShopOutlind' };
    expect(Object.keys(refusal(await admin.post('systemManage/menu', '', entry), 400).data.fieldErrors)).toEqual(['icon']);
    dataOf(await admin.post('systemManage/menu', '', { ...entry, icon: 'ShopOutlined' }), 201);
  });
});
