import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';
import { USER_LOG_PER_MINUTE } from '../routes/party.js';

const STAFF = 'platformUser/staffManage';
const BANNER = 'systemManage/banner';
const CONFIG = 'systemManage/systemConfig';
const PARTIES = 'platformUser/partyManage';
const SCRIPT_URLS = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x.png',
];

describe.each(dialects())('hostile input on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => {
    await t.close();
  });

  const userLog = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/open-platform/userLog', headers, payload: payload as object });

  it('takes usage-log entries from signed-in users only, bounded in size and rate', async () => {
    const before = await countRows(t, 'sys_user_log');
    expect((await userLog({ sysPath: '/home', content: 'visit' })).json().status).toBe(21332);
    expect(await countRows(t, 'sys_user_log')).toBe(before);
    const tooLong = await userLog({ sysPath: '/home', content: 'x'.repeat(1001) }, bearer(custA.token));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toMatch(/content.*1000/);
    const huge = await userLog(JSON.stringify({ sysPath: '/home', content: 'x', pad: 'y'.repeat(10_000) }), {
      ...bearer(custA.token),
      'content-type': 'application/json',
    });
    expect(huge.statusCode).toBe(413);
    const token = await login(t.app, 'staff');
    const answers = [];
    for (let i = 0; i <= USER_LOG_PER_MINUTE; i++)
      answers.push((await userLog({ sysPath: `/p${i}`, content: 'visit' }, bearer(token))).statusCode);
    expect(answers.slice(0, USER_LOG_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(answers[USER_LOG_PER_MINUTE]).toBe(429);
    expect(await countRows(t, 'sys_user_log', { username: 'staff' })).toBe(USER_LOG_PER_MINUTE);
  });

  it('refuses a token in the address of getUserInfo', async () => {
    const token = await login(t.app, 'cust_a');
    const res = await t.app.inject({ method: 'POST', url: `/open-platform/getUserInfo?token=${token}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/Authorization header/);
    expect(res.json().data).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(token) })).json().status).toBe(0);
  });

  it('counts wrong current passwords on updatePass and locks like sign-in', async () => {
    const token = await login(t.app, 'operator');
    const change = (oldPassword: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        remoteAddress,
        headers: bearer(token),
        url: `/open-platform/party/updatePass?oldPassword=${oldPassword}&newPassword=Changed123&confirmPassword=Changed123`,
      });
    const hash = async () =>
      (
        await t.app.ctx.database.db
          .selectFrom('sys_user')
          .select('passwordHash')
          .where('username', '=', 'operator')
          .executeTakeFirstOrThrow()
      ).passwordHash;
    const before = await hash();
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`Guess${i}word`, '10.120.0.1');
      expect(wrong.statusCode).toBe(400);
    }
    const right = await change('Demo12345', '10.120.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().msg).toMatch(/locked/);
    expect(await hash()).toBe(before);
  });

  it('refuses script and data addresses in avatars, banners, logos and the consult link', async () => {
    const me = await t.app.ctx.database.db
      .selectFrom('sys_user')
      .select(['id', 'version'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const banners = await countRows(t, 'cms_banner');
    const config = await t.app.ctx.database.db
      .selectFrom('cfg_system')
      .select(['id', 'version'])
      .where('partyCode', '=', 'P0001')
      .executeTakeFirstOrThrow();
    const party = await idOf(t, 'sys_party', { code: 'C1001' });
    for (const url of SCRIPT_URLS) {
      expect(refusal(await admin.put(STAFF, `/${me.id}`, { version: me.version, avatar: url }), 400).data.fieldErrors).toHaveProperty(
        'avatar',
      );
      const banner = refusal(
        await admin.post(BANNER, '', { title: 'x', imageUrl: url, position: 'portalHome', sort: 1, status: 'online' }),
        400,
      );
      expect(banner.data.fieldErrors.imageUrl).toMatch(/web address|path/);
      expect(
        refusal(await admin.put(CONFIG, `/${config.id}`, { version: config.version, consultUrl: url }), 400).data.fieldErrors,
      ).toHaveProperty('consultUrl');
      expect(
        refusal(await admin.put(CONFIG, `/${config.id}`, { version: config.version, logo: url }), 400).data.fieldErrors,
      ).toHaveProperty('logo');
      expect(refusal(await admin.put(PARTIES, `/${party}`, { version: 1, headImg: url }), 400).data.fieldErrors).toHaveProperty('headImg');
    }
    expect(await countRows(t, 'cms_banner')).toBe(banners);
    const saved = dataOf(
      await admin.put(STAFF, `/${me.id}`, { version: me.version, avatar: '/open-platform/files/2025/01/AAAAAAAAAAAAAAAAAAAAAA.png' }),
    );
    expect(saved.avatar).toMatch(/^\/open-platform\/files\//);
    expect(
      dataOf(await admin.put(CONFIG, `/${config.id}`, { version: config.version, consultUrl: 'https://kefu.example.com/chat' })).consultUrl,
    ).toBe('https://kefu.example.com/chat');
  });

  it('refuses lone surrogates and text that is not UTF-8 with a clear 400, storing nothing', async () => {
    const teams = await countRows(t, 'org_team');
    const lone = await t.app.inject({
      method: 'POST',
      url: pageUrl('platformUser/team'),
      headers: { ...bearer(custA.token), 'content-type': 'application/json' },
      payload: '{"code":"SURR","name":"bad \\ud800 name","businessLine":"ftl"}',
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().msg).toMatch(/invalid characters.*name/);
    const bytes = await t.app.inject({
      method: 'POST',
      url: pageUrl('platformUser/team'),
      headers: { ...bearer(custA.token), 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"code":"SURR","name":"'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('","businessLine":"ftl"}'),
      ]),
    });
    expect(bytes.statusCode).toBe(400);
    expect(bytes.json().msg).toMatch(/invalid characters/);
    expect(await countRows(t, 'org_team')).toBe(teams);
    const form = await t.app.inject({
      method: 'POST',
      url: '/open-platform/authorize',
      remoteAddress: '10.130.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=%ED%A0%80&password=Demo12345',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().msg).toMatch(/invalid characters.*username/);
    // Characters outside the basic plane, written as a proper pair, are text like any other.
    const emoji = await custA.post('platformUser/team', '', { code: 'EMOJI', name: '车队 🚚', businessLine: 'ftl' });
    expect(dataOf(emoji, 201).name).toBe('车队 🚚');
  });

  it('says a unique value is taken without revealing that another organisation holds it', async () => {
    const phone = refusal(
      await custA.post(STAFF, '', { username: 'a_probe', realName: '探测', phone: '13900000002', password: 'Passw0rd1', roles: [] }),
      400,
    );
    expect(phone.data.fieldErrors.phone).toMatch(/already in use/);
    expect(phone.data.fieldErrors.phone).not.toContain('13900000002');
    const name = refusal(
      await custA.post(STAFF, '', { username: 'operator', realName: '探测', phone: '13722220000', password: 'Passw0rd1', roles: [] }),
      400,
    );
    expect(name.data.fieldErrors.username).not.toContain('operator');
    // Within its own organisation the caller sees which value clashed.
    const own = refusal(
      await custA.post(STAFF, '', { username: 'cust_a', realName: '重名', phone: '13722220001', password: 'Passw0rd1', roles: [] }),
      400,
    );
    expect(own.data.fieldErrors.username).toContain('cust_a');
  });
});
