import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { MAX_ACCOUNT_FAILURES, MAX_ADDRESS_FAILURES } from '../services/loginGuard.js';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe.each(dialects())('sign-in and session on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const authorize = (fields: Record<string, string>, remoteAddress = '10.0.0.1', lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/open-platform/authorize',
      remoteAddress,
      ...form(fields),
      headers: { ...form(fields).headers, 'accept-language': lang },
    });

  it('answers the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 0 });
  });

  it('signs in with a trimmed account name and returns a token', async () => {
    const res = await authorize({ grant_type: 'password', username: '  admin ', password: 'Demo12345' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await authorize({ grant_type: 'password', username: 'staff', password: 'Wrong1234' }, '10.0.1.1');
    const unknown = await authorize({ grant_type: 'password', username: 'nobody', password: 'Wrong1234' }, '10.0.1.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().msg).toBe(unknown.json().msg);
    expect(wrong.json().status).not.toBe(0);
  });

  it('answers bad input with 400 and a clear message', async () => {
    const missing = await authorize({ grant_type: 'password', username: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/password/i);
    const long = await authorize({ grant_type: 'password', username: 'a'.repeat(65), password: 'x' });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toMatch(/64/);
    const grant = await authorize({ grant_type: 'magic', username: 'admin', password: 'Demo12345' });
    expect(grant.statusCode).toBe(400);
    const phone = await authorize({ grant_type: 'sms', phone: '23800000001', vCode: '123456' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().msg).toMatch(/11 digits/);
  });

  it('speaks the caller’s language', async () => {
    const res = await authorize({ grant_type: 'password', username: 'staff', password: 'Wrong1234' }, '10.0.1.3', 'zh-CN');
    expect(res.json().msg).toBe('账号或密码错误');
  });

  it('locks an account from an address after five failures there, for the parameters page’s lock length, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await authorize({ grant_type: 'password', username: 'cust_b', password: `Wrong${i}xyz1` }, '10.1.0.1');
      expect(r.statusCode).toBe(401);
    }
    const locked = await authorize({ grant_type: 'password', username: 'cust_b', password: 'Demo12345' }, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    // The demo parameters page sets security.login.lockMinutes to 30.
    expect(locked.json().msg).toMatch(/locked.*30 minutes/);
    // The owner elsewhere, and a colleague behind the same address, are not locked out by the guesser.
    expect((await authorize({ grant_type: 'password', username: 'cust_b', password: 'Demo12345' }, '10.1.0.2')).json().status).toBe(0);
    expect((await authorize({ grant_type: 'password', username: 'cust_a', password: 'Demo12345' }, '10.1.0.1')).json().status).toBe(0);
  });

  it('locks an account everywhere after failures from several addresses, and an address after many across accounts', async () => {
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
      expect((await authorize({ grant_type: 'password', username: 'cust_b_ops', password: 'Wrong1234' }, `10.3.${i}.1`)).statusCode).toBe(
        401,
      );
    }
    expect((await authorize({ grant_type: 'password', username: 'cust_b_ops', password: 'Demo12345' }, '10.3.99.1')).statusCode).toBe(429);
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++)
      await authorize({ grant_type: 'password', username: `ghost${i}`, password: 'Wrong1234' }, '10.2.0.1');
    const locked = await authorize({ grant_type: 'password', username: 'operator', password: 'Demo12345' }, '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    const elsewhere = await authorize({ grant_type: 'password', username: 'operator', password: 'Demo12345' }, '10.2.0.2');
    expect(elsewhere.json().status).toBe(0);
  });

  it('returns the user info with roles, organisation and the granted menu', async () => {
    const token = await login(t.app, 'cust_a');
    const res = await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(token) });
    const info = res.json().data;
    expect(info.roleList[0].role).toBe('CUSTOMER_ADMIN');
    expect(info.party).toMatchObject({ code: 'C1001', name: '华东智运物流有限公司' });
    const codes = JSON.stringify(info.resourceList[0].children);
    expect(codes).toContain('platformUser/department');
    expect(codes).not.toContain('platformUser/roleManage');
    expect(info.translatelist['menu.dashboard']).toBeTruthy();

    const admin = await login(t.app, 'admin');
    const all = (await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(admin) })).json().data;
    expect(JSON.stringify(all.resourceList)).toContain('platformUser/roleManage');
    expect(all.grants).toBe('all');
  });

  it('accepts the token in the body too', async () => {
    const token = await login(t.app, 'staff');
    const res = await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', payload: { token } });
    expect(res.json().data.code).toBe('staff');
  });

  it('answers 21332 for a missing, revoked or expired token', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo' });
    expect(none.statusCode).toBe(401);
    expect(none.json().status).toBe(21332);

    const token = await login(t.app, 'staff');
    const out = await t.app.inject({ method: 'GET', url: '/open-platform/logout', headers: bearer(token) });
    expect(out.json().status).toBe(0);
    const after = await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(token) });
    expect(after.json().status).toBe(21332);

    await t.app.ctx.database.db
      .updateTable('sys_session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const fresh = await login(t.app, 'staff');
    await t.app.ctx.database.db
      .updateTable('sys_session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('revokedAt', 'is', null)
      .execute();
    const expired = await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(fresh) });
    expect(expired.json().status).toBe(21332);
  });

  it('switches between the roles a user holds, and only those', async () => {
    const token = await login(t.app, 'operator');
    const res = await t.app.inject({ method: 'POST', url: '/open-platform/switchRole?role=STAFF', headers: bearer(token) });
    const next = res.json().data.access_token;
    const info = (await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(next) })).json().data;
    expect(info.roleList.map((r: { role: string }) => r.role)).toEqual(['STAFF', 'PLAT_ADMIN']);
    const old = await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(token) });
    expect(old.json().status).toBe(21332);
    const denied = await t.app.inject({ method: 'POST', url: '/open-platform/switchRole?role=SUPER_ADMIN', headers: bearer(next) });
    expect(denied.statusCode).toBe(403);
  });

  it('records the usage log with the caller', async () => {
    const token = await login(t.app, 'cust_a');
    const res = await t.app.inject({
      method: 'POST',
      url: '/open-platform/userLog',
      headers: bearer(token),
      payload: { sysName: 'console', sysPath: '/home', content: 'visit', action: 'view' },
    });
    expect(res.json().status).toBe(0);
    const row = await t.app.ctx.database.db.selectFrom('sys_user_log').selectAll().where('username', '=', 'cust_a').executeTakeFirst();
    expect(row).toMatchObject({ sysPath: '/home', partyCode: 'C1001', action: 'view' });
    const empty = await t.app.inject({ method: 'POST', url: '/open-platform/userLog', headers: bearer(token), payload: {} });
    expect(empty.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/open-platform/userLog',
      payload: { sysPath: '/home', content: 'visit' },
    });
    expect(anonymous.json().status).toBe(21332);
  });
});
