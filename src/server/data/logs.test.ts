import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { caller, dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const LOGINS = 'platformUser/loginHistory';
const REQUESTS = 'systemManage/requestLog';
const USER_LOG = 'platformUser/userLog';
const SETTINGS = 'systemManage/systemConfig';

type LoginRow = {
  id: number;
  username: string;
  partyCode: string | null;
  success: boolean;
  reason: string | null;
  loginType: string;
  userId: number | null;
};

describe.each(dialects())('log and settings pages on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
    custB = await signIn(t.app, 'cust_b');
    await expect(login(t.app, 'nobody_here', 'Wrong1234')).rejects.toThrow();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the real sign-ins on the login history, newest first', async () => {
    const rows = dataOf(await admin.get(LOGINS, '?size=50')).list as LoginRow[];
    expect(rows[0]).toMatchObject({ username: 'nobody_here', success: false, reason: 'unknownUser', userId: null });
    const b = rows.find((r) => r.username === 'cust_b')!;
    expect(b).toMatchObject({ success: true, loginType: 'password', partyCode: 'C1002', reason: null });
    expect(b.userId).toBe(await idOf(t, 'sys_user', { username: 'cust_b' }));
    expect(rows.map((r) => r.username)).toEqual(expect.arrayContaining(['admin', 'cust_a', 'cust_b']));
    expect(dataOf(await admin.get(LOGINS, '?success=false')).list.map((r: LoginRow) => r.username)).toEqual(['nobody_here']);
    expect(dataOf(await admin.get(LOGINS, '?reason=unknownUser')).total).toBe(1);
    expect(dataOf(await admin.get(LOGINS, '?success=true')).total).toBe(3);
  });

  it('shows a customer only its organisation’s sign-ins', async () => {
    const rows = dataOf(await custA.get(LOGINS, '?size=50')).list as LoginRow[];
    expect(rows.map((r) => r.username)).toEqual(['cust_a']);
    expect(rows.every((r) => r.partyCode === 'C1001')).toBe(true);
    const theirs = await idOf(t, 'sys_login_history', { username: 'cust_b' });
    refusal(await custA.get(LOGINS, `/${theirs}`), 404);
    expect(dataOf(await custB.get(LOGINS, `/${theirs}`)).username).toBe('cust_b');
  });

  it('records API calls on the request log, flushed within about a second', async () => {
    await custA.get('platformUser/department', '?size=3');
    await custA.get('platformUser/roleManage');
    await new Promise((r) => setTimeout(r, 1200));
    const rows = dataOf(await admin.get(REQUESTS, `?username=cust_a&size=50`)).list as {
      method: string;
      path: string;
      statusCode: number;
      partyCode: string;
      durationMs: number;
    }[];
    const list = rows.find((r) => r.path === '/open-platform/data/platformUser%2Fdepartment');
    expect(list).toMatchObject({ method: 'GET', statusCode: 200, partyCode: 'C1001' });
    expect(list!.durationMs).toBeGreaterThanOrEqual(0);
    expect(rows.find((r) => r.path === '/open-platform/data/platformUser%2FroleManage')).toMatchObject({ statusCode: 403 });
    expect(rows.find((r) => r.path === '/open-platform/authorize')).toBeUndefined();
    const failed = dataOf(await admin.get(REQUESTS, `?statusCode=${encodeURIComponent('400,499')}&size=50`)).list as {
      statusCode: number;
    }[];
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed.every((r) => r.statusCode >= 400 && r.statusCode <= 499)).toBe(true);
    refusal(await custA.get(REQUESTS), 403);
  });

  it('lists the user log within the caller’s organisation', async () => {
    for (const [who, content] of [
      [custA, '导出部门列表'],
      [custB, '查看运输部'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/open-platform/userLog',
        headers: { authorization: `Bearer ${who.token}` },
        payload: { sysName: '控制台', sysPath: '/platformUser/department', content, action: 'view' },
      });
      expect(res.json().status).toBe(0);
    }
    const mine = dataOf(await custA.get(USER_LOG)).list as { content: string; partyCode: string; username: string }[];
    expect(mine.map((r) => r.content)).toEqual(['导出部门列表']);
    expect(mine[0]).toMatchObject({ partyCode: 'C1001', username: 'cust_a' });
    expect(dataOf(await admin.get(USER_LOG, `?q=${encodeURIComponent('运输')}`)).list.map((r: { username: string }) => r.username)).toEqual(
      ['cust_b'],
    );
  });

  it('refuses create, update and delete on log pages with 405, whoever asks', async () => {
    const id = await idOf(t, 'sys_login_history', { username: 'cust_a' });
    for (const page of [LOGINS, REQUESTS, USER_LOG, 'platformUser/userLoginManage']) {
      expect(refusal(await admin.post(page, '', { username: 'forged' }), 405).msg).toMatch(/read-only/);
      refusal(await admin.put(page, `/${id}`, { version: 1, username: 'forged' }), 405);
      refusal(await admin.del(page, `/${id}`), 405);
      refusal(await admin.post(page, '/bulk-delete', { ids: [id] }), 405);
    }
    refusal(await custA.post(LOGINS, '', {}), 403);
    expect(dataOf(await admin.get(LOGINS, `/${id}`)).username).toBe('cust_a');
  });

  it('answers a settings page’s current record per organisation', async () => {
    const own = dataOf(await admin.get(SETTINGS, '/current'));
    expect(own).toMatchObject({ partyCode: 'P0001', record: { companyName: '数链科技集团', watermark: true, sessionTtlHours: 12 } });
    expect(dataOf(await admin.get(SETTINGS, '/current?partyCode=C1001')).record).toMatchObject({
      partyCode: 'C1001',
      companyName: '华东智运物流有限公司',
      watermark: false,
    });
    expect(dataOf(await admin.get(SETTINGS, '/current?partyCode=C1002'))).toEqual({ partyCode: 'C1002', record: null });
    refusal(await custA.get(SETTINGS, '/current?partyCode=C1002'), 403);
    refusal(await admin.get('platformUser/department', '/current'), 404);
    refusal(await admin.get('systemManage/banner', '/current'), 404);
    expect((await caller(t.app, '').get(SETTINGS, '/current')).statusCode).toBe(401);
  });

  it('keeps a customer granted the settings page to its own record', async () => {
    const role = dataOf(await admin.get('platformUser/roleManage', `/${await idOf(t, 'sys_role', { code: 'CUSTOMER_ADMIN' })}`));
    dataOf(
      await admin.put('platformUser/roleManage', `/${role.id}`, {
        version: role.version,
        grants: { ...role.grants, [SETTINGS]: ['read', 'update', 'create'] },
      }),
    );
    expect(dataOf(await custA.get(SETTINGS, '/current')).record.companyName).toBe('华东智运物流有限公司');
    expect(dataOf(await custA.get(SETTINGS, '/current?partyCode=C1001')).partyCode).toBe('C1001');
    expect(refusal(await custA.get(SETTINGS, '/current?partyCode=C1002'), 403).msg).toMatch(/another organisation/);
    expect(refusal(await custA.get(SETTINGS, '/current?partyCode=P0001'), 403).msg).toMatch(/another organisation/);

    const rec = dataOf(await custA.get(SETTINGS, '/current')).record;
    const saved = dataOf(await custA.put(SETTINGS, `/${rec.id}`, { version: rec.version, hotline: '400-820-8820', sessionTtlHours: 8 }));
    expect(saved).toMatchObject({ hotline: '400-820-8820', sessionTtlHours: 8, version: rec.version + 1, partyCode: 'C1001' });
    const second = refusal(
      await custA.post(SETTINGS, '', {
        companyName: '第二份',
        systemTitle: '重复',
        passwordExpiryDays: 90,
        sessionTtlHours: 12,
        watermark: false,
      }),
      400,
    );
    expect(Object.keys(second.data.fieldErrors)).toEqual(['partyCode']);
    const bad = refusal(
      await custA.put(SETTINGS, `/${rec.id}`, { version: saved.version, sessionTtlHours: 100, consultUrl: 'not a url' }),
      400,
    );
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['consultUrl', 'sessionTtlHours']);
  });
});
