import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PARTY = 'platformUser/partyManage';
const STAFF = 'platformUser/staffManage';
const DOCK = 'relArea/dock';
const SLOT = 'relArea/slot';

/** The project's schemas plus a parent page whose children are deleted with it. */
function schemasWithCascade(): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-rel-'));
  fs.cpSync(path.join(here, '../../schemas'), tmp, { recursive: true });
  fs.mkdirSync(path.join(tmp, 'relArea'));
  const page = (id: string, table: string, properties: object, extra: object = {}) =>
    fs.writeFileSync(
      path.join(tmp, `${id}.json`),
      JSON.stringify({
        id,
        kind: 'crud',
        title: 'fields.name',
        resource: { table, label: 'name', ...('key' in extra ? { key: extra.key } : {}) },
        model: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', title: 'fields.name', maxLength: 20 }, ...properties },
        },
        list: { columns: ['name'] },
        ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'key')),
      }),
    );
  page(
    DOCK,
    'rel_dock',
    { code: { type: 'string', title: 'fields.code', maxLength: 10, 'x-unique': true } },
    {
      key: 'code',
      relations: [{ name: 'slots', page: SLOT, field: 'dockCode', onDelete: 'cascade' }],
    },
  );
  page(SLOT, 'rel_slot', { dockCode: { type: 'string', title: 'fields.code', maxLength: 10, 'x-ref': DOCK, 'x-index': true } });
  return tmp;
}

describe.each(dialects())('related records on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let admin: Caller;
  let custA: Caller;
  beforeAll(async () => {
    dir = schemasWithCascade();
    t = await createTestApp(dialect, { schemasDir: dir });
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the children a parent shows and the parents a child belongs to in the schema answer', async () => {
    const schemaOf = async (page: string) =>
      dataOf(
        await t.app.inject({
          method: 'GET',
          url: `/open-platform/schemas/${encodeURIComponent(page)}`,
          headers: { authorization: `Bearer ${admin.token}` },
        }),
      );
    expect((await schemaOf(PARTY)).page.relations).toEqual([
      { name: 'users', page: STAFF, field: 'partyCode', title: 'pages.platformUser.staffManage.title' },
    ]);
    const staff = await schemaOf(STAFF);
    expect(staff.parents).toEqual([{ page: PARTY, field: 'partyCode', title: 'pages.platformUser.partyManage.title' }]);
  });

  it('lists a parent’s children only, and refuses a filter that leaves the parent', async () => {
    const mine = await countRows(t, 'sys_user', { partyCode: 'C1001' });
    const list = dataOf(await admin.get(STAFF, '?parent=C1001&size=100'));
    expect(list.total).toBe(mine);
    expect(list.list.every((u: { partyCode: string }) => u.partyCode === 'C1001')).toBe(true);
    expect(dataOf(await admin.get(STAFF, '?parent=C1001&partyCode=C1001')).total).toBe(mine);
    refusal(await admin.get(STAFF, '?parent=C1001&partyCode=C1002'), 403);
    refusal(await admin.get(STAFF, '/export?parent=C1001&partyCode=C1002&format=csv'), 403);
    refusal(await admin.get(STAFF, '?parent=NOPE1'), 404);
    // A customer cannot open another organisation as parent, even by typing its code.
    refusal(await custA.get(STAFF, '?parent=C1002'), 404);
    expect(dataOf(await custA.get(STAFF, '?parent=C1001')).total).toBe(mine);
  });

  it('reads and writes a child only within its parent', async () => {
    const other = await idOf(t, 'sys_user', { partyCode: 'C1002' });
    refusal(await admin.get(STAFF, `/${other}?parent=C1001`), 404);
    expect(dataOf(await admin.get(STAFF, `/${other}?parent=C1002`)).partyCode).toBe('C1002');
    const before = await countRows(t, 'sys_user');
    const body = {
      username: 'rel_user1',
      realName: '关联',
      phone: '13700000991',
      password: 'Demo12345',
      roles: ['CUSTOMER_ADMIN'],
      status: 'active',
    };
    refusal(await admin.post(STAFF, '?parent=C1001', { ...body, partyCode: 'C1002' }), 403);
    expect(await countRows(t, 'sys_user')).toBe(before);
    const made = dataOf(await admin.post(STAFF, '?parent=C1001', body), 201);
    expect(made.partyCode).toBe('C1001');
    refusal(await admin.put(STAFF, `/${made.id}?parent=C1001`, { version: made.version, partyCode: 'C1002' }), 403);
    refusal(await admin.del(STAFF, `/${made.id}?parent=C1002`), 404);
    expect(dataOf(await admin.del(STAFF, `/${made.id}?parent=C1001`)).deleted).toBe(1);
  });

  it('refuses to delete a parent that still has children, naming how many', async () => {
    const users = await countRows(t, 'sys_user', { partyCode: 'C1002' });
    const id = await idOf(t, 'sys_party', { code: 'C1002' });
    const res = refusal(await admin.del(PARTY, `/${id}`), 409);
    expect(res.msg).toContain(String(users));
    expect(await countRows(t, 'sys_party', { code: 'C1002' })).toBe(1);
  });

  it('deletes the children of a cascade relation with their parent, in one transaction', async () => {
    const dock = dataOf(await admin.post(DOCK, '', { name: 'A', code: 'D1' }), 201);
    const keep = dataOf(await admin.post(DOCK, '', { name: 'B', code: 'D2' }), 201);
    for (const name of ['s1', 's2', 's3']) dataOf(await admin.post(SLOT, '?parent=D1', { name }), 201);
    dataOf(await admin.post(SLOT, '', { name: 's4', dockCode: 'D2' }), 201);
    refusal(await admin.post(SLOT, '', { name: 's5', dockCode: 'D9' }), 400);
    expect(dataOf(await admin.get(SLOT, '?parent=D1')).total).toBe(3);
    expect(dataOf(await admin.del(DOCK, `/${dock.id}`)).deleted).toBe(1);
    expect(await countRows(t, 'rel_slot', { dockCode: 'D1' })).toBe(0);
    expect(await countRows(t, 'rel_slot', { dockCode: 'D2' })).toBe(1);
    expect(await countRows(t, 'sys_audit', { page: SLOT, action: 'delete' })).toBe(3);
    expect(await countRows(t, 'rel_dock', { id: keep.id })).toBe(1);
  });
});
