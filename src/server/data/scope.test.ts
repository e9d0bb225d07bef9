import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const DEPT = 'platformUser/department';
const STAFF = 'platformUser/staffManage';
const TEAM = 'platformUser/team';

describe.each(dialects())('organisation scope and role escalation on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let theirDept: number;
  let theirUser: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
    theirDept = await idOf(t, 'org_department', { code: 'WH', partyCode: 'C1002' });
    theirUser = await idOf(t, 'sys_user', { username: 'cust_b' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('hides another organisation’s records from a customer: read and history answer 404', async () => {
    for (const [page, id] of [
      [DEPT, theirDept],
      [STAFF, theirUser],
    ] as const) {
      refusal(await custA.get(page, `/${id}`), 404);
      refusal(await custA.get(page, `/${id}/history`), 404);
    }
    const own = dataOf(await custA.get(STAFF, '?size=50')).list;
    expect(own.map((u: { username: string }) => u.username).sort()).toEqual(['cust_a', 'cust_a_dispatch']);
  });

  it('refuses a customer’s update and delete of another organisation’s records with 404, changing nothing', async () => {
    refusal(await custA.put(DEPT, `/${theirDept}`, { version: 1, name: '被篡改' }), 404);
    refusal(await custA.del(DEPT, `/${theirDept}`), 404);
    refusal(await custA.put(STAFF, `/${theirUser}`, { version: 1, realName: '被篡改' }), 404);
    refusal(await custA.del(STAFF, `/${theirUser}`), 404);
    refusal(await custA.post(STAFF, '/bulk-delete', { ids: [theirUser] }), 404);
    expect(dataOf(await admin.get(DEPT, `/${theirDept}`))).toMatchObject({ name: '仓储部', version: 1, partyCode: 'C1002' });
    expect(dataOf(await admin.get(STAFF, `/${theirUser}`))).toMatchObject({ realName: '西南管理员', version: 1, partyCode: 'C1002' });
  });

  it('refuses a customer’s create for another organisation (403) and references to another organisation’s records (400)', async () => {
    const before = await countRows(t, 'org_department');
    refusal(await custA.post(DEPT, '', { code: 'SPY', name: '渗透部', status: 'active', partyCode: 'C1002' }), 403);
    const ref = refusal(await custA.post(DEPT, '', { code: 'SPY', name: '渗透部', status: 'active', parentId: theirDept }), 400);
    expect(Object.keys(ref.data.fieldErrors)).toEqual(['parentId']);
    const team = refusal(
      await custA.post(TEAM, '', { code: 'SPY-01', name: '渗透组', businessLine: 'ftl', leaderId: theirUser, memberIds: [theirUser] }),
      400,
    );
    expect(Object.keys(team.data.fieldErrors).sort()).toEqual(['leaderId', 'memberIds']);
    const nonsense = refusal(
      await custA.post(TEAM, '', { code: 'SPY-02', name: '乱码组', businessLine: 'ftl', leaderId: 1e20, memberIds: ['abc'] }),
      400,
    );
    expect(Object.keys(nonsense.data.fieldErrors).sort()).toEqual(['leaderId', 'memberIds']);
    expect(await countRows(t, 'org_department')).toBe(before);
    // Naming its own organisation is fine, and an update cannot move a record to another one.
    const own = dataOf(await custA.post(DEPT, '', { code: 'OWN', name: '自有部门', status: 'active', partyCode: 'C1001' }), 201);
    expect(own.partyCode).toBe('C1001');
    expect(dataOf(await custA.put(DEPT, `/${own.id}`, { version: 1, partyCode: 'C1002', name: '自有部门2' })).partyCode).toBe('C1001');
  });

  it('lets the platform administrator see, create for and edit every organisation', async () => {
    const all = dataOf(await admin.get(DEPT, '?size=50')).list as { partyCode: string }[];
    expect(new Set(all.map((r) => r.partyCode))).toEqual(new Set(['P0001', 'C1001', 'C1002']));
    const made = dataOf(
      await admin.post(DEPT, '', { code: 'HELP', name: '代建部门', status: 'active', partyCode: 'C1002', parentId: theirDept }),
      201,
    );
    expect(made).toMatchObject({ partyCode: 'C1002', parentId: theirDept, createdBy: 'admin' });
    refusal(await admin.post(DEPT, '', { code: 'NOWHERE', name: '无主', status: 'active', partyCode: 'C9999' }), 400);
    expect(dataOf(await admin.put(DEPT, `/${made.id}`, { version: 1, leader: '平台代填' })).leader).toBe('平台代填');
    expect(dataOf(await signIn(t.app, 'cust_b').then((b) => b.get(DEPT, `/${made.id}`))).code).toBe('HELP');
  });

  it('refuses a customer administrator granting a platform role (403), storing nothing', async () => {
    const before = await countRows(t, 'sys_user');
    for (const role of ['SUPER_ADMIN', 'PLAT_ADMIN', 'STAFF']) {
      const res = refusal(
        await custA.post(STAFF, '', {
          username: `esc_${role.toLowerCase()}`,
          realName: '越权',
          phone: '13700001111',
          password: 'Escalate2025',
          roles: [role],
        }),
        403,
      );
      expect(res.msg).toMatch(/role/);
    }
    const ghost = refusal(
      await custA.post(STAFF, '', {
        username: 'ghost_role',
        realName: '幽灵',
        phone: '13700001112',
        password: 'Escalate2025',
        roles: ['GHOST'],
      }),
      400,
    );
    expect(Object.keys(ghost.data.fieldErrors)).toEqual(['roles']);
    expect(await countRows(t, 'sys_user')).toBe(before);
  });

  it('lets a customer administrator create a customer administrator who signs in with the password given', async () => {
    const dept = await idOf(t, 'org_department', { code: 'DISPATCH' });
    const created = dataOf(
      await custA.post(STAFF, '', {
        username: 'dispatch_lead',
        realName: '调度主管',
        phone: '13700002222',
        password: 'Dispatch2025',
        roles: ['CUSTOMER_ADMIN'],
        departmentId: dept,
      }),
      201,
    );
    expect(created).toMatchObject({
      username: 'dispatch_lead',
      partyCode: 'C1001',
      roles: ['CUSTOMER_ADMIN'],
      status: 'active',
      language: 'zh',
      departmentId: dept,
    });
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('passwordHash');

    const stored = await t.app.ctx.database.db
      .selectFrom('sys_user')
      .select(['passwordHash'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored.passwordHash).not.toContain('Dispatch2025');

    const fetched = dataOf(await custA.get(STAFF, `/${created.id}`));
    const listed = dataOf(await custA.get(STAFF, '?username=dispatch_lead')).list;
    for (const rec of [fetched, ...listed]) {
      expect(Object.keys(rec)).not.toContain('password');
      expect(Object.keys(rec)).not.toContain('passwordHash');
    }
    const token = await login(t.app, 'dispatch_lead', 'Dispatch2025');
    const info = (
      await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: { authorization: `Bearer ${token}` } })
    ).json().data;
    expect(info.party.code).toBe('C1001');

    // Adding a platform role later is refused as well; a blank password on edit keeps the old one.
    refusal(await custA.put(STAFF, `/${created.id}`, { version: 1, roles: ['CUSTOMER_ADMIN', 'STAFF'] }), 403);
    expect(dataOf(await custA.put(STAFF, `/${created.id}`, { version: 1, password: '', realName: '调度主管A' })).version).toBe(2);
    expect(await login(t.app, 'dispatch_lead', 'Dispatch2025')).toBeTruthy();
  });

  it('refuses a customer administrator deleting or disabling itself (409)', async () => {
    const me = await idOf(t, 'sys_user', { username: 'cust_a' });
    refusal(await custA.del(STAFF, `/${me}`), 409);
    refusal(await custA.put(STAFF, `/${me}`, { version: 1, status: 'disabled' }), 409);
    expect(dataOf(await custA.get(STAFF, `/${me}`)).status).toBe('active');
  });
});
