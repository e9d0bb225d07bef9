import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';

const post = (t: TestApp, fields: Record<string, string>, remoteAddress: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/open-platform/authorize',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    payload: new URLSearchParams({ grant_type: 'password', ...fields }).toString(),
  });

describe.each(dialects())('the sign-in answers what the console asks for next, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  const asked = async (token: string, method: 'GET' | 'POST', url: string, lang: string) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      payload: method === 'POST' ? {} : undefined,
    });
    return res.json().data;
  };

  it.each([
    ['admin', '10.7.0.1', 'zh-CN'],
    ['cust_a', '10.7.0.2', 'en'],
  ])('gives %s the same user info and dashboard as the routes themselves', async (username, ip, lang) => {
    const res = await post(t, { username, password: 'Demo12345', next: 'userInfo,dashboard', tzOffset: '-480' }, ip, lang);
    expect(res.statusCode).toBe(200);
    const { access_token: token, next } = res.json().data;
    expect(Object.keys(next).sort()).toEqual(['dashboard', 'userInfo']);
    expect(next.userInfo).toEqual(await asked(token, 'POST', '/open-platform/getUserInfo', lang));
    expect(next.dashboard).toEqual(await asked(token, 'GET', '/open-platform/dashboard?tzOffset=-480', lang));
    // The organisation's scope is the route's: a customer sees its own waybills only.
    if (username === 'cust_a') expect(next.dashboard.figures.waybillsTotal).toBeLessThan((await adminTotal()).figures.waybillsTotal);
  });

  async function adminTotal() {
    const res = await post(t, { username: 'admin', password: 'Demo12345', next: 'dashboard' }, '10.7.0.3');
    return res.json().data.next.dashboard;
  }

  it('answers with the token alone when nothing is asked for', async () => {
    const res = await post(t, { username: 'admin', password: 'Demo12345' }, '10.7.0.4');
    expect(res.json().data.access_token).toBeTruthy();
    expect(res.json().data).not.toHaveProperty('next');
  });

  it('refuses an unknown name or offset before checking the password, and records no attempt', async () => {
    const before = await t.app.ctx.database.core
      .selectFrom('sys_login_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const unknown = await post(t, { username: 'admin', password: 'Demo12345', next: 'userInfo,secrets' }, '10.7.0.5');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('A sign-in cannot also answer with secrets; it can answer with userInfo, dashboard');
    const offset = await post(t, { username: 'admin', password: 'Demo12345', next: 'dashboard', tzOffset: '9999' }, '10.7.0.5');
    expect(offset.statusCode).toBe(400);
    expect(offset.json().msg).toMatch(/-840 and 840/);
    const after = await t.app.ctx.database.core
      .selectFrom('sys_login_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers nothing more for a wrong password', async () => {
    const res = await post(t, { username: 'admin', password: 'Wrong1234', next: 'userInfo,dashboard' }, '10.7.0.6');
    expect(res.statusCode).toBe(401);
    expect(res.json().data ?? null).toBeNull();
  });
});
