import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { dataOf, idOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';

const ROLES = 'platformUser/roleManage';
const USERS = 'platformUser/staffManage';
const PARTIES = 'platformUser/partyManage';
const CONFIG = 'systemManage/config';
const DEPT = 'platformUser/department';

let phone = 13600000100;
const newUser = (username: string, roles: string[]) => ({
  username,
  realName: username,
  phone: String(phone++),
  password: 'Passw0rd1',
  roles,
  status: 'active',
});

describe.each(dialects())('granting roles on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let operator: Caller;
  let custA: Caller;
  const role = async (code: string) => dataOf(await admin.get(ROLES, `/${await idOf(t, 'sys_role', { code })}`));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    operator = await signIn(t.app, 'operator');
    custA = await signIn(t.app, 'cust_a');
    // Step 1 of the chain: a platform administrator creates an ordinary custom role.
    dataOf(
      await admin.post(ROLES, '', {
        code: 'CONFIG_OPS',
        name: '配置运维',
        status: 'active',
        grants: {
          systemManage: ['read'],
          [CONFIG]: ['read', 'create', 'update'],
          platformUser: ['read'],
          [ROLES]: ['read', 'create', 'update'],
        },
      }),
      201,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('stops every step of the takeover chain: CONFIG_OPS → CUSTOMER_ADMIN + partyManage → resetPassword of cust_b', async () => {
    // Step 2: cust_a may not give CONFIG_OPS to a new user of its own, nor to an existing one.
    expect(refusal(await custA.post(USERS, '', newUser('cust_a_ops', ['CONFIG_OPS'])), 403).msg).toMatch(/grant/);
    const dispatcher = dataOf(await custA.post(USERS, '', newUser('cust_a_clerk', ['CUSTOMER_ADMIN'])), 201);
    refusal(await custA.put(USERS, `/${dispatcher.id}`, { version: dispatcher.version, roles: ['CUSTOMER_ADMIN', 'CONFIG_OPS'] }), 403);
    expect(await idOf(t, 'sys_user', { username: 'cust_a_clerk' })).toBe(dispatcher.id);
    expect(dataOf(await custA.get(USERS, `/${dispatcher.id}`)).roles).toEqual(['CUSTOMER_ADMIN']);

    // Step 3, as if a platform administrator had given CONFIG_OPS to a customer user: the built-in
    // CUSTOMER_ADMIN role still cannot be given partyManage, nor a new or custom role.
    dataOf(await admin.post(USERS, '', { ...newUser('cust_a_ops', ['CONFIG_OPS']), partyCode: 'C1001' }), 201);
    const ops = await signIn(t.app, 'cust_a_ops', 'Passw0rd1');
    const custAdmin = await role('CUSTOMER_ADMIN');
    const escalated = { ...custAdmin.grants, [PARTIES]: ['read', 'update', 'action:resetPassword'] };
    expect(refusal(await ops.put(ROLES, `/${custAdmin.id}`, { version: custAdmin.version, grants: escalated }), 403).msg).toMatch(
      /super administrator/,
    );
    refusal(
      await ops.post(ROLES, '', {
        code: 'PARTY_OPS',
        name: '组织运维',
        status: 'active',
        grants: { [PARTIES]: ['read', 'action:resetPassword'] },
      }),
      403,
    );
    const configOps = await role('CONFIG_OPS');
    refusal(
      await ops.put(ROLES, `/${configOps.id}`, { version: configOps.version, grants: { ...configOps.grants, [PARTIES]: ['*'] } }),
      403,
    );
    // Even a role within its own grants: CONFIG_OPS's pages are not customer-side.
    refusal(await ops.post(ROLES, '', { code: 'CONFIG_READ', name: '配置只读', status: 'active', grants: { [CONFIG]: ['read'] } }), 403);
    // Nor may it hand CONFIG_OPS out through a user of its organisation.
    refusal(await ops.get(USERS), 403);
    expect((await role('CUSTOMER_ADMIN')).grants).toEqual(custAdmin.grants);
    expect((await role('CONFIG_OPS')).grants).toEqual(configOps.grants);

    // Step 4: CUSTOMER_ADMIN still has no partyManage, so cust_a cannot reset cust_b's password.
    const custB = await idOf(t, 'sys_party', { code: 'C1002' });
    refusal(await custA.post(PARTIES, `/${custB}/actions/resetPassword`, { newPassword: 'Taken2025x' }), 403);
    refusal(await ops.post(PARTIES, `/${custB}/actions/resetPassword`, { newPassword: 'Taken2025x' }), 403);

    // Step 5: cust_b's password is unchanged.
    await expect(login(t.app, 'cust_b', 'Taken2025x')).rejects.toThrow();
    expect(await login(t.app, 'cust_b')).toBeTruthy();
  });

  it('lets a customer not change an account holding a role it could not grant', async () => {
    const opsId = await idOf(t, 'sys_user', { username: 'cust_a_ops' });
    const ops = dataOf(await custA.get(USERS, `/${opsId}`));
    expect(refusal(await custA.put(USERS, `/${opsId}`, { version: ops.version, password: 'Taken2025x' }), 403).msg).toMatch(
      /could not grant/,
    );
    refusal(await custA.put(USERS, `/${opsId}`, { version: ops.version, roles: ['CUSTOMER_ADMIN'] }), 403);
    refusal(await custA.del(USERS, `/${opsId}`), 403);
    await expect(login(t.app, 'cust_a_ops', 'Taken2025x')).rejects.toThrow();
  });

  it('lets role editors grant only within their own grants, and customers only customer-side pages', async () => {
    // A customer user who may edit roles and departments.
    dataOf(
      await admin.post(ROLES, '', {
        code: 'CUST_ROLES',
        name: '客户角色管理',
        status: 'active',
        grants: { platformUser: ['read'], [ROLES]: ['read', 'create', 'update'], [DEPT]: ['read', 'update'] },
      }),
      201,
    );
    dataOf(await admin.post(USERS, '', { ...newUser('cust_a_roles', ['CUST_ROLES']), partyCode: 'C1001' }), 201);
    const editor = await signIn(t.app, 'cust_a_roles', 'Passw0rd1');
    const dept = dataOf(
      await editor.post(ROLES, '', {
        code: 'DEPT_READ',
        name: '部门只读',
        status: 'active',
        grants: { platformUser: ['read'], [DEPT]: ['read'] },
      }),
      201,
    );
    expect(dept.grants).toEqual({ platformUser: ['read'], [DEPT]: ['read'] });
    // More actions than it holds, a page it lacks, or a platform-side page it holds: refused.
    refusal(await editor.put(ROLES, `/${dept.id}`, { version: dept.version, grants: { [DEPT]: ['read', 'delete'] } }), 403);
    refusal(await editor.put(ROLES, `/${dept.id}`, { version: dept.version, grants: { [DEPT]: ['*'] } }), 403);
    refusal(await editor.put(ROLES, `/${dept.id}`, { version: dept.version, grants: { [DEPT]: ['read'], [ROLES]: ['read'] } }), 403);
    // Roles above it are out of reach, whatever the change.
    const configOps = await role('CONFIG_OPS');
    expect(refusal(await editor.put(ROLES, `/${configOps.id}`, { version: configOps.version, description: '改' }), 403).msg).toMatch(
      /more than you hold/,
    );
    const staffRole = await role('STAFF');
    refusal(await editor.put(ROLES, `/${staffRole.id}`, { version: staffRole.version, status: 'disabled' }), 403);
    expect((await role('STAFF')).status).toBe('active');
  });

  it('keeps built-in roles’ grants for SUPER_ADMIN; platform administrators grant within theirs', async () => {
    const custAdmin = await role('CUSTOMER_ADMIN');
    refusal(
      await operator.put(ROLES, `/${custAdmin.id}`, { version: custAdmin.version, grants: { ...custAdmin.grants, [PARTIES]: ['read'] } }),
      403,
    );
    refusal(await operator.put(ROLES, `/${custAdmin.id}`, { version: custAdmin.version, status: 'disabled' }), 403);
    const renamed = dataOf(await operator.put(ROLES, `/${custAdmin.id}`, { version: custAdmin.version, description: '客户侧管理' }));
    expect(renamed.grants).toEqual(custAdmin.grants);
    // Nobody renames a built-in role: not the platform administrator, not the super administrator.
    const superAdmin = await role('SUPER_ADMIN');
    for (const [who, r] of [
      [operator, superAdmin],
      [operator, renamed],
      [admin, superAdmin],
    ] as const) {
      expect(refusal(await who.put(ROLES, `/${r.id}`, { version: r.version, name: '<img src=x onerror=alert(1)>' }), 409).msg).toMatch(
        /keep their names|不能改名/,
      );
    }
    expect((await role('SUPER_ADMIN')).name).toBe(superAdmin.name);
    // The platform administrator may create and assign custom roles, never SUPER_ADMIN.
    dataOf(
      await operator.post(ROLES, '', { code: 'AUDITOR', name: '审计', status: 'active', grants: { [PARTIES]: ['read', 'export'] } }),
      201,
    );
    dataOf(await operator.post(USERS, '', newUser('auditor_1', ['AUDITOR'])), 201);
    refusal(await operator.post(USERS, '', newUser('root_2', ['SUPER_ADMIN'])), 403);
    // SUPER_ADMIN changes a built-in role's grants.
    const changed = dataOf(
      await admin.put(ROLES, `/${renamed.id}`, { version: renamed.version, grants: { ...custAdmin.grants, [CONFIG]: ['read'] } }),
    );
    expect(changed.grants[CONFIG]).toEqual(['read']);
  });

  it('validates grants on write: menu code → list of action names, bounded', async () => {
    const configOps = await role('CONFIG_OPS');
    // Nested 5,000 deep: sent as text, since the test's own JSON.stringify would overflow on it. (Deeper
    // bodies hold more than 10,000 values and are refused by the body parser, with 413, before this check.)
    const deep = '{"a":'.repeat(5_000) + '["read"]' + '}'.repeat(5_000);
    const send = (method: 'PUT' | 'POST', url: string, body: Record<string, unknown>, grants: unknown) =>
      t.app.inject({
        method,
        url: pageUrl(ROLES, url),
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...body, grants: '@' }).replace('"@"', typeof grants === 'string' ? grants : JSON.stringify(grants)),
      });
    const bad = [
      { 'tms/waybill/waybill': 5 },
      { 'tms/waybill/waybill': [5] },
      { 'tms/waybill/waybill': 'read' },
      { 'tms/waybill/waybill': { read: true } },
      ['read'],
      deep,
      Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`m${i}`, ['read']])),
      { x: Array.from({ length: 65 }, (_, i) => `a${i}`) },
    ];
    for (const grants of bad) {
      for (const res of [
        await send('PUT', `/${configOps.id}`, { version: configOps.version }, grants),
        await send('POST', '', { code: 'BAD_SHAPE', name: '坏', status: 'active' }, grants),
      ]) {
        const body = refusal(res, 400);
        expect(Object.keys(body.data.fieldErrors)).toEqual(['grants']);
      }
    }
    expect((await role('CONFIG_OPS')).version).toBe(configOps.version);
  });

  it('reads damaged stored grants defensively: the role loses the damaged entries, not every request', async () => {
    const staffRole = await t.app.ctx.database.db
      .selectFrom('sys_role')
      .select(['grants'])
      .where('code', '=', 'STAFF')
      .executeTakeFirstOrThrow();
    const grants = JSON.parse(staffRole.grants);
    await t.app.ctx.database.db
      .updateTable('sys_role')
      .set({ grants: JSON.stringify({ ...grants, 'tms/waybill/waybill': 5 }) })
      .where('code', '=', 'STAFF')
      .execute();
    const staff = await signIn(t.app, 'staff');
    refusal(await staff.get('tms/waybill/waybill'), 403);
    expect(dataOf(await staff.get(DEPT)).list.length).toBeGreaterThan(0);
    const info = await t.app.inject({
      method: 'POST',
      url: '/open-platform/getUserInfo',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(info.statusCode).toBe(200);
    // Grants nested far too deep to serialise, written straight into the table.
    const nested = '{"x":'.repeat(10_000) + '[]' + '}'.repeat(10_000);
    await t.app.ctx.database.db.updateTable('sys_role').set({ grants: nested }).where('code', '=', 'STAFF').execute();
    refusal(await staff.get(DEPT), 403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: { authorization: `Bearer ${staff.token}` } }))
        .statusCode,
    ).toBe(200);
    await t.app.ctx.database.db.updateTable('sys_role').set({ grants: staffRole.grants }).where('code', '=', 'STAFF').execute();
  });
});
