import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const STAFF = 'platformUser/staffManage';
const ROLE = 'customerManage/role';
const PERMISSION = 'customerManage/rolePermission';
const CONSUME = 'customerManage/consumeLog';
const SMS_LOG = 'customerLog/sms';

describe.each(dialects())('customer roles held by accounts on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;

  const userInfo = async (c: Caller) =>
    dataOf(await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(c.token) }));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- menu nodes are JSON
  const menuCodes = (info: any): string[] => {
    const out: string[] = [];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const walk = (nodes: any[]) =>
      nodes.forEach((n) => {
        out.push(n.code);
        walk(n.children ?? []);
      });
    walk(info.resourceList);
    return out;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const role = async (code: string): Promise<any> => dataOf(await admin.get(ROLE, `?code=${code}`)).list[0];
  const setRoleStatus = async (code: string, status: string) => {
    const r = await role(code);
    dataOf(await custA.put(ROLE, `/${r.id}`, { ...r, status }));
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const user = async (username: string): Promise<any> => dataOf(await admin.get(STAFF, `?username=${username}`)).list[0];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA, custB] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a'), signIn(t.app, 'cust_b')]);
  });
  afterAll(async () => t?.close());

  it('gives the demo dispatcher the pages of C1001_DISPATCHER at sign-in, and its organisation’s rows only', async () => {
    const dispatcher = await signIn(t.app, 'cust_a_dispatch');
    const info = await userInfo(dispatcher);
    expect(info.grants).toMatchObject({ 'customerLog/sms': ['read'], 'customerLog/vehicleTrack': ['read'], dashboard: ['read'] });
    expect(menuCodes(info)).toEqual(expect.arrayContaining(['customerLog', 'customerLog/sms', 'customerLog/vehicleTrack']));
    expect(menuCodes(info)).not.toContain(CONSUME);
    const rows = dataOf(await dispatcher.get(SMS_LOG, '?size=50')).list;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r: { partyCode: string }) => r.partyCode))).toEqual(new Set(['C1001']));
    refusal(await dispatcher.get(CONSUME), 403);
    refusal(await dispatcher.get(STAFF), 403);
  });

  it('lets a customer administrator give its own active roles to its own accounts, with effect at sign-in', async () => {
    const created = dataOf(
      await custA.post(STAFF, '', {
        username: 'hd_finance',
        realName: '华东财务 李娜',
        phone: '13900000021',
        password: 'Finance2025x',
        status: 'active',
        roles: ['CUSTOMER_USER'],
        customerRoles: ['C1001_FINANCE'],
      }),
      201,
    );
    expect(created.partyCode).toBe('C1001');
    const finance = await signIn(t.app, 'hd_finance', 'Finance2025x');
    expect(menuCodes(await userInfo(finance))).toEqual(expect.arrayContaining([CONSUME, 'customerManage/serviceAccount']));
    const rows = dataOf(await finance.get(CONSUME, '?size=50')).list;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { partyCode: string }) => r.partyCode === 'C1001')).toBe(true);
    refusal(await finance.get(SMS_LOG), 403);
  });

  it('takes a disabled role’s pages away at the account’s next request, and gives them back when enabled', async () => {
    const finance = await signIn(t.app, 'hd_finance', 'Finance2025x');
    dataOf(await finance.get(CONSUME));
    await setRoleStatus('C1001_FINANCE', 'disabled');
    // Same token, no new sign-in: grants are read per request, so the change applies at once.
    refusal(await finance.get(CONSUME), 403);
    expect(menuCodes(await userInfo(finance))).not.toContain(CONSUME);
    await setRoleStatus('C1001_FINANCE', 'active');
    dataOf(await finance.get(CONSUME));
  });

  it('takes a withdrawn role’s pages away at the next request', async () => {
    const finance = await signIn(t.app, 'hd_finance', 'Finance2025x');
    const u = await user('hd_finance');
    dataOf(await custA.put(STAFF, `/${u.id}`, { ...u, password: '', customerRoles: [] }));
    refusal(await finance.get(CONSUME), 403);
    const again = await user('hd_finance');
    dataOf(await custA.put(STAFF, `/${again.id}`, { ...again, password: '', customerRoles: ['C1001_FINANCE'] }));
    dataOf(await finance.get(CONSUME));
  });

  it('refuses roles of another organisation, disabled roles and other organisations’ accounts', async () => {
    const u = await user('hd_finance');
    const foreign = refusal(
      await custA.put(STAFF, `/${u.id}`, { ...u, password: '', customerRoles: ['C1001_FINANCE', 'C1002_FINANCE'] }),
      400,
    );
    expect(foreign.msg).toContain('C1002_FINANCE');
    const byAdmin = refusal(await admin.put(STAFF, `/${u.id}`, { ...u, password: '', customerRoles: ['C1002_OPERATOR'] }), 400);
    expect(byAdmin.msg).toContain('C1002_OPERATOR');
    const disabled = refusal(await custA.put(STAFF, `/${u.id}`, { ...u, password: '', customerRoles: ['C1001_AUDITOR'] }), 400);
    expect(disabled.msg).toContain('C1001_AUDITOR');
    refusal(await custB.put(STAFF, `/${u.id}`, { ...u, password: '', customerRoles: ['C1002_FINANCE'] }), 404);
    const platformUser = await user('staff');
    refusal(await admin.put(STAFF, `/${platformUser.id}`, { ...platformUser, password: '', customerRoles: ['C1001_DISPATCHER'] }), 400);
    expect((await user('hd_finance')).customerRoles).toEqual(['C1001_FINANCE']);
  });

  it('never grants beyond a customer administrator, whoever wrote the permissions', async () => {
    const p = dataOf(await admin.get(PERMISSION, '?roleCode=C1001_FINANCE')).list[0];
    // The super administrator may write a customer-side entry with an action customers do not hold.
    dataOf(await admin.put(PERMISSION, `/${p.id}`, { ...p, grants: { ...p.grants, 'customerManage/serviceAccount': ['read', 'update'] } }));
    const finance = await signIn(t.app, 'hd_finance', 'Finance2025x');
    expect((await userInfo(finance)).grants['customerManage/serviceAccount']).toEqual(['read']);
  });

  it('keeps a role that accounts hold from being deleted', async () => {
    const r = await role('C1001_FINANCE');
    refusal(await custA.del(ROLE, `/${r.id}`), 409);
  });
});
