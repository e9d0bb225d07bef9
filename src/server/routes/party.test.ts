import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { dynamicView } from '../db/connect.js';

describe.each(dialects())('verification codes, registration and passwords on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const sendCode = (phone: string, type: string) =>
    t.app.inject({ method: 'POST', url: `/ntocc-tps-api/sms/sendVerificationCode?phone=${phone}&type=${type}` });
  const smsLogin = (phone: string, vCode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/open-platform/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'sms', phone, vCode }).toString(),
    });
  const count = async (table: string) =>
    Number(
      (
        await dynamicView(t.app.ctx.database.db)
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends a six-digit code, stores only its hash, and refuses a second within a minute', async () => {
    const res = await sendCode('13900000001', 'login');
    expect(res.json()).toMatchObject({ status: 0, data: { expiresIn: 300 } });
    const code = t.sms.lastCode('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.app.ctx.database.db
      .selectFrom('sys_sms_code')
      .selectAll()
      .where('phone', '=', '13900000001')
      .executeTakeFirstOrThrow();
    expect(row.codeHash).not.toContain(code);
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(5 * 60_000);
    const again = await sendCode('13900000001', 'login');
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/seconds/);
  });

  it('signs in with the code once; a reused, wrong or expired code fails', async () => {
    const code = t.sms.lastCode('13900000001');
    const wrong = await smsLogin('13900000001', code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    const ok = await smsLogin('13900000001', code);
    expect(ok.json().status).toBe(0);
    const reused = await smsLogin('13900000001', code);
    expect(reused.statusCode).toBe(400);

    await sendCode('13900000002', 'login');
    const code2 = t.sms.lastCode('13900000002');
    await t.app.ctx.database.db
      .updateTable('sys_sms_code')
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where('phone', '=', '13900000002')
      .execute();
    const expired = await smsLogin('13900000002', code2);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toMatch(/expired/);
  });

  it('refuses codes for bad or unregistered phones', async () => {
    expect((await sendCode('1234', 'login')).statusCode).toBe(400);
    expect((await sendCode('13711112222', 'login')).json().msg).toMatch(/not registered/);
    expect((await sendCode('13900000001', 'register')).json().msg).toMatch(/already registered/);
    expect((await sendCode('13711112222', 'teleport')).statusCode).toBe(400);
  });

  it('reports whether a phone is free', async () => {
    const taken = await t.app.inject({ method: 'GET', url: '/open-platform/party/validPhone?phone=13800000001' });
    expect(taken.json().data).toMatchObject({ registered: true, available: false });
    const free = await t.app.inject({ method: 'GET', url: '/open-platform/party/validPhone?phone=13711112222' });
    expect(free.json().data.available).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/open-platform/party/validPhone?phone=abc' })).statusCode).toBe(400);
  });

  it('registers an account with its own organisation, and refuses bad input without creating anything', async () => {
    const before = await count('sys_user');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/open-platform/party/register?username=newco&password=abcdefgh&phone=13711112222&vCode=123456',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toMatch(/letters and digits/);
    const badName = await t.app.inject({
      method: 'POST',
      url: '/open-platform/party/register?username=1x&password=Abcd1234&phone=13711112222&vCode=123456',
    });
    expect(badName.statusCode).toBe(400);
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/open-platform/party/register?username=newco&password=Abcd1234&phone=13711112222&vCode=123456',
    });
    expect(noCode.statusCode).toBe(400);
    expect(await count('sys_user')).toBe(before);

    await sendCode('13711112222', 'register');
    const code = t.sms.lastCode('13711112222');
    const res = await t.app.inject({
      method: 'POST',
      url: `/open-platform/party/register?username=newco&password=Abcd1234&confirmPassword=Abcd1234&phone=13711112222&vCode=${code}&partyName=${encodeURIComponent('新锐物流')}`,
    });
    expect(res.json().status).toBe(0);
    const token = await login(t.app, 'newco', 'Abcd1234');
    const info = (await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(token) })).json().data;
    expect(info.roleList[0].role).toBe('CUSTOMER_ADMIN');
    expect(info.party.name).toBe('新锐物流');
    const dup = await t.app.inject({
      method: 'POST',
      url: `/open-platform/party/register?username=newco&password=Abcd1234&phone=13711113333&vCode=${code}`,
    });
    expect(dup.json().msg).toMatch(/taken/);
  });

  it('changes a password: checks the old one and the rule, and ends other sessions', async () => {
    const other = await login(t.app, 'staff');
    const token = await login(t.app, 'staff');
    const wrongOld = await t.app.inject({
      method: 'POST',
      url: '/open-platform/party/updatePass?oldPassword=Nope12345&newPassword=Newpass123',
      headers: bearer(token),
    });
    expect(wrongOld.statusCode).toBe(400);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/open-platform/party/updatePass?oldPassword=Demo12345&newPassword=short1',
      headers: bearer(token),
    });
    expect(weak.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/open-platform/party/updatePass?oldPassword=Demo12345&newPassword=Newpass123',
    });
    expect(anonymous.json().status).toBe(21332);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/open-platform/party/updatePass?oldPassword=Demo12345&newPassword=Newpass123&confirmPassword=Newpass123',
      headers: bearer(token),
    });
    expect(ok.json().status).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(token) })).json().status).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(other) })).json().status).toBe(21332);
    // From another address: this one has used up its guesses on the wrong codes and the wrong current password above.
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/open-platform/authorize',
        remoteAddress: '10.9.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'staff', password }).toString(),
      });
    expect((await signIn('Demo12345')).statusCode).toBe(401);
    expect((await signIn('Newpass123')).json().status).toBe(0);
  });
});
