import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { addMenuEntries } from '../db/menuSync.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../test/fixtures');
const WH = 'demoArea/warehouse';
const STATS = 'demoArea/warehouseStats';

/** The project's schemas plus one crud page, one report page over it and their menu entries: nothing else. */
function schemasWithDemoArea(): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-schemas-'));
  fs.cpSync(path.join(here, '../../schemas'), tmp, { recursive: true });
  fs.cpSync(path.join(fixtures, 'demoArea'), path.join(tmp, 'demoArea'), { recursive: true });
  addMenuEntries(tmp, [JSON.parse(fs.readFileSync(path.join(fixtures, 'demoAreaMenu.json'), 'utf8'))]);
  return tmp;
}

type Warehouse = { id: number; code: string; city: string; capacity: number; status: string; partyCode: string; version: number };

describe.each(dialects())('a page added by one JSON file and a menu entry, on %s', (dialect) => {
  let t: TestApp;
  let schemasDir: string;
  let admin: Caller;
  let custA: Caller;
  let staff: Caller;
  beforeAll(async () => {
    schemasDir = schemasWithDemoArea();
    t = await createTestApp(dialect, { schemasDir });
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
    staff = await signIn(t.app, 'staff');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(schemasDir, { recursive: true, force: true });
  });

  const codes = (rows: Warehouse[]) => rows.map((r) => r.code);

  it('creates the table with the page’s demo rows and lists them within each organisation', async () => {
    expect(codes(dataOf(await admin.get(WH, '?size=50')).list)).toEqual(['CD-01', 'CD-02', 'NB-01', 'SH-01', 'SH-02']);
    const mine = dataOf(await custA.get(WH)).list as Warehouse[];
    expect(codes(mine)).toEqual(['NB-01', 'SH-01', 'SH-02']);
    expect(mine.every((r) => r.partyCode === 'C1001' && r.status === 'open' && r.version === 1)).toBe(true);
  });

  it('creates, validates and filters records of the new page', async () => {
    const made = dataOf(await custA.post(WH, '', { code: 'SH-03', name: '上海松江仓', city: 'shanghai', capacity: 600 }), 201);
    expect(made).toMatchObject({ partyCode: 'C1001', status: 'open', version: 1, createdBy: 'cust_a' });
    const bad = refusal(await custA.post(WH, '', { code: 'sh 04', name: '错误', city: 'paris', capacity: -1 }), 400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['capacity', 'city', 'code']);
    refusal(await custA.post(WH, '', { code: 'SH-01', name: '重复', city: 'shanghai', capacity: 1 }), 400);
    refusal(await custA.post(WH, '', { code: 'CD-09', name: '越界', city: 'chengdu', capacity: 1, partyCode: 'C1002' }), 403);

    expect(codes(dataOf(await custA.get(WH, '?city=shanghai')).list)).toEqual(['SH-01', 'SH-02', 'SH-03']);
    expect(codes(dataOf(await custA.get(WH, `?capacity=${encodeURIComponent('600,1000')}`)).list)).toEqual(['SH-02', 'SH-03']);
    expect(codes(dataOf(await custA.get(WH, `?q=${encodeURIComponent('松江')}`)).list)).toEqual(['SH-03']);
    expect(codes(dataOf(await custA.get(WH, '?sort=-capacity')).list)).toEqual(['SH-01', 'SH-02', 'SH-03', 'NB-01']);
    refusal(await custA.get(WH, '?city=paris'), 400);
    refusal(await custA.get(WH, '?sort=name'), 400);
  });

  it('reports grouped figures equal to the records, within the caller’s organisation', async () => {
    expect(dataOf(await custA.get(STATS, '/report'))).toEqual([
      { key: 'ningbo', warehouses: 1, capacity: 500 },
      { key: 'shanghai', warehouses: 3, capacity: 2600 },
    ]);
    expect(dataOf(await admin.get(STATS, '/report'))).toEqual([
      { key: 'chengdu', warehouses: 2, capacity: 2300 },
      { key: 'ningbo', warehouses: 1, capacity: 500 },
      { key: 'shanghai', warehouses: 3, capacity: 2600 },
    ]);
    expect(dataOf(await admin.get(STATS, '/report?city=chengdu'))).toEqual([{ key: 'chengdu', warehouses: 2, capacity: 2300 }]);
    expect(dataOf(await custA.get(STATS, '/report?partyCode=C1002'))).toEqual([]);
    refusal(await admin.get(STATS, '/report?city=paris'), 400);
    refusal(await admin.get(STATS, '/report?colour=red'), 400);
    // A report has no records of its own.
    refusal(await admin.get(STATS), 404);
    refusal(await admin.post(STATS, '', {}), 405);
  });

  it('moves states as the grants allow, within the organisation', async () => {
    const sh01 = await idOf(t, 'demo_warehouse', { code: 'SH-01' });
    const cd01 = await idOf(t, 'demo_warehouse', { code: 'CD-01' });
    refusal(await custA.post(WH, `/${sh01}/transitions/close`, {}), 400);
    // An empty required field of the transition's form is told as missing, as an absent one is.
    const empty = refusal(await custA.post(WH, `/${sh01}/transitions/close`, { closeReason: '' }), 400);
    expect(empty.data.fieldErrors).toEqual(refusal(await custA.post(WH, `/${sh01}/transitions/close`, {}), 400).data.fieldErrors);
    expect(empty.msg).toMatch(/closeReason is required/);
    const closed = dataOf(await custA.post(WH, `/${sh01}/transitions/close`, { closeReason: '租约到期' }));
    expect(closed).toMatchObject({ status: 'closed', closeReason: '租约到期', version: 2 });
    refusal(await custA.post(WH, `/${sh01}/transitions/close`, { closeReason: '再关' }), 409);
    // The role holds transition:close only: no reopen, no edit, no delete.
    refusal(await custA.post(WH, `/${sh01}/transitions/reopen`, {}), 403);
    refusal(await custA.put(WH, `/${sh01}`, { version: 2, name: '改名' }), 403);
    refusal(await custA.del(WH, `/${sh01}`), 403);
    // Another organisation's warehouse is not there for the customer.
    refusal(await custA.post(WH, `/${cd01}/transitions/close`, { closeReason: '越权' }), 404);
    refusal(await custA.get(WH, `/${cd01}`), 404);
    expect(dataOf(await admin.get(WH, `/${cd01}`))).toMatchObject({ status: 'open', version: 1 });
    expect(dataOf(await admin.post(WH, `/${sh01}/transitions/reopen`, {}))).toMatchObject({ status: 'open', version: 3 });
    expect(dataOf(await custA.get(STATS, '/report?status=closed'))).toEqual([]);
    // Exports are scoped the same way.
    const csv = await custA.get(WH, '/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('SH-01');
    expect(csv.body).not.toContain('CD-01');
  });

  it('lets STAFF read the new pages but not write them', async () => {
    expect(dataOf(await staff.get(WH)).total).toBe(6);
    refusal(await staff.post(WH, '', { code: 'ST-01', name: '员工仓', city: 'ningbo', capacity: 1 }), 403);
    expect(dataOf(await staff.get(STATS, '/report')).length).toBe(3);
  });

  it('puts the new pages into getUserInfo’s menu for the roles granted', async () => {
    for (const who of [custA, staff, admin]) {
      const info = (await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(who.token) })).json().data;
      const area = info.resourceList[0].children.find((m: { code: string }) => m.code === 'demoArea');
      expect(area).toBeDefined();
      expect(area.children.map((m: { code: string; component: string }) => [m.code, m.component])).toEqual([
        ['demoArea/warehouse', 'demoArea/warehouse/index'],
        ['demoArea/warehouseStats', 'demoArea/warehouseStats/index'],
      ]);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/open-platform/schemas/${encodeURIComponent(WH)}`,
      headers: bearer(custA.token),
    });
    const page = dataOf(res);
    expect(page.page.id).toBe(WH);
    expect(page.page).not.toHaveProperty('demo');
    // Titles without a translation fall back to their key.
    expect(page.messages['pages.demoArea.warehouse.title']).toBe('pages.demoArea.warehouse.title');
    expect(page.actions).toEqual(expect.arrayContaining(['read', 'create', 'export', 'transition:close']));
  });
});
