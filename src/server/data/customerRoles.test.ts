import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';

const ROLE = 'customerManage/role';
const PERMISSION = 'customerManage/rolePermission';
const NOTICE = 'customerManage/roleNotice';

describe.each(dialects())('customer roles and their permissions on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  const db = () => t.app.ctx.database.db;
  const permissions = (roleCode: string) => db().selectFrom('cm_role_permission').selectAll().where('roleCode', '=', roleCode).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA, custB] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a'), signIn(t.app, 'cust_b')]);
    dataOf(await custA.post(ROLE, '', { code: 'C1001_CLERK', name: '单证员', status: 'active' }), 201);
  });
  afterAll(async () => t?.close());

  it('lets a customer administrator give its own role customer-side entries it holds', async () => {
    const grants = { 'customerManage/consumeLog': ['read', 'export'], 'customerLog/sms': ['read'] };
    const row = dataOf(await custA.post(PERMISSION, '', { roleCode: 'C1001_CLERK', grants }), 201);
    expect(row.partyCode).toBe('C1001');
    const again = dataOf(await custA.get(PERMISSION, `/${row.id}`));
    dataOf(await custA.put(PERMISSION, `/${row.id}`, { ...again, grants: { 'customerManage/consumeLog': ['read'] } }));
    expect(JSON.parse(String((await permissions('C1001_CLERK'))[0].grants))).toEqual({ 'customerManage/consumeLog': ['read'] });
  });

  it('refuses entries that are not customer-side, whoever writes them, and grants beyond the writer’s own', async () => {
    await db().deleteFrom('cm_role_permission').where('roleCode', '=', 'C1001_CLERK').execute();
    const platformOnly = await custA.post(PERMISSION, '', {
      roleCode: 'C1001_CLERK',
      grants: { 'platformUser/roleManage': ['read', 'update'] },
    });
    expect(platformOnly.statusCode).toBe(403);
    const byAdmin = await admin.post(PERMISSION, '', {
      roleCode: 'C1001_CLERK',
      partyCode: 'C1001',
      grants: { 'systemManage/ipBlacklist': ['read'] },
    });
    expect(byAdmin.statusCode).toBe(403);
    // Customer administrators read service accounts; they cannot hand out recharging them.
    const beyond = await custA.post(PERMISSION, '', {
      roleCode: 'C1001_CLERK',
      grants: { 'customerManage/serviceAccount': ['read', 'update'] },
    });
    expect(beyond.statusCode).toBe(403);
    const malformed = await custA.post(PERMISSION, '', { roleCode: 'C1001_CLERK', grants: { 'customerManage/consumeLog': 'read' } });
    expect(malformed.statusCode).toBe(400);
    expect(await permissions('C1001_CLERK')).toHaveLength(0);
  });

  it('keeps roles, permissions and notices inside the organisation', async () => {
    expect(dataOf(await custB.get(ROLE, '?code=C1001_CLERK')).list).toHaveLength(0);
    const foreign = await custB.post(PERMISSION, '', { roleCode: 'C1001_CLERK', grants: { 'customerManage/consumeLog': ['read'] } });
    expect(foreign.statusCode).toBe(400);
    const crossed = await admin.post(PERMISSION, '', {
      roleCode: 'C1001_CLERK',
      partyCode: 'C1002',
      grants: { 'customerManage/consumeLog': ['read'] },
    });
    expect(crossed.statusCode).toBe(400);
    const notice = await custB.post(NOTICE, '', { roleCode: 'C1001_CLERK', title: '越权通知', content: '不应写入', channels: ['site'] });
    expect(notice.statusCode).toBe(400);
    expect(await permissions('C1001_CLERK')).toHaveLength(0);
  });

  it('sends a notice once and deletes the role with its permissions and notices', async () => {
    const n = dataOf(
      await custA.post(NOTICE, '', {
        roleCode: 'C1001_CLERK',
        title: '回单上传要求',
        content: '签收后 24 小时内上传回单照片。',
        channels: ['site', 'sms'],
      }),
      201,
    );
    expect(n.status).toBe('draft');
    const sent = dataOf(await custA.post(NOTICE, `/${n.id}/transitions/send`, { version: n.version, sentAt: new Date().toISOString() }));
    expect(sent.status).toBe('sent');
    expect((await custA.put(NOTICE, `/${n.id}`, { ...sent, title: '改标题' })).statusCode).toBe(409);
    dataOf(await custA.post(PERMISSION, '', { roleCode: 'C1001_CLERK', grants: { 'customerManage/consumeLog': ['read'] } }), 201);
    const role = dataOf(await custA.get(ROLE, '?code=C1001_CLERK')).list[0];
    dataOf(await custA.del(ROLE, `/${role.id}`));
    expect(await permissions('C1001_CLERK')).toHaveLength(0);
    expect(await db().selectFrom('cm_role_notice').select('id').where('roleCode', '=', 'C1001_CLERK').execute()).toHaveLength(0);
  });
});
