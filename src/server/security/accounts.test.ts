import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const STAFF = 'platformUser/staffManage';
const PARTIES = 'platformUser/partyManage';
const SESSIONS = 'platformUser/userLoginManage';

describe.each(dialects())('SUPER_ADMIN accounts and password changes on %s', (dialect) => {
  let t: TestApp;
  let operator: Caller;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    operator = await signIn(t.app, 'operator');
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const userRow = (username: string) =>
    t.app.ctx.database.db
      .selectFrom('sys_user')
      .select(['id', 'version', 'passwordHash', 'phone', 'status'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  const sessionWorks = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(token) })).json().status === 0;

  it('refuses a PLAT_ADMIN setting the SUPER_ADMIN’s password, phone or status through the staff page', async () => {
    const before = await userRow('admin');
    // An account holding a role the caller could not grant is not the caller's to change at all
    // (data/roleGrants.ts), which covers the credentials, phone and status of a SUPER_ADMIN.
    for (const change of [
      { password: 'Taken0ver1' },
      { phone: '13811112222' },
      { status: 'disabled' },
      { email: 'evil@example.com' },
      { introduction: 'on call' },
    ]) {
      refusal(await operator.put(STAFF, `/${before.id}`, { version: before.version, ...change }), 403);
    }
    expect(await userRow('admin')).toEqual(before);
    await expect(login(t.app, 'admin')).resolves.toBeTruthy();
    // A SUPER_ADMIN still manages its own account.
    const mine = await userRow('admin');
    expect(dataOf(await admin.put(STAFF, `/${mine.id}`, { version: mine.version, phone: '13800000009' })).phone).toBe('13800000009');
  });

  it('refuses a PLAT_ADMIN resetting the platform organisation’s passwords, and disabling it', async () => {
    // The seeded platform organisation lacks fields its form requires; filled in so the edit is refused for the right reason.
    await t.app.ctx.database.db
      .updateTable('sys_party')
      .set({ uscc: '91110000MA01ABCD52', contactName: '运营', contactPhone: '13800000001' })
      .where('kind', '=', 'platform')
      .execute();
    const platform = await t.app.ctx.database.db
      .selectFrom('sys_party')
      .select(['id', 'version'])
      .where('kind', '=', 'platform')
      .executeTakeFirstOrThrow();
    const hash = (await userRow('admin')).passwordHash;
    refusal(await operator.post(PARTIES, `/${platform.id}/actions/resetPassword`, { newPassword: 'Taken0ver1' }), 403);
    refusal(await operator.put(PARTIES, `/${platform.id}`, { version: platform.version, status: 'disabled' }), 403);
    expect((await userRow('admin')).passwordHash).toBe(hash);
    await expect(login(t.app, 'admin', 'Taken0ver1')).rejects.toThrow();
  });

  it('refuses a PLAT_ADMIN ending a SUPER_ADMIN’s session', async () => {
    const token = await login(t.app, 'admin');
    const session = await t.app.ctx.database.db
      .selectFrom('sys_session')
      .select('id')
      .where('username', '=', 'admin')
      .where('revokedAt', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    refusal(await operator.post(SESSIONS, `/${session.id}/actions/revokeSession`, {}), 403);
    expect(await sessionWorks(token)).toBe(true);
  });

  it('ends the other sessions of an account whose password an administrator sets', async () => {
    const staffToken = await login(t.app, 'staff');
    const row = await userRow('staff');
    dataOf(await operator.put(STAFF, `/${row.id}`, { version: row.version, password: 'Reset0001x' }));
    expect(await sessionWorks(staffToken)).toBe(false);
    await expect(login(t.app, 'staff', 'Reset0001x')).resolves.toBeTruthy();
    // An edit that leaves the password blank changes nothing about sessions.
    const fresh = await login(t.app, 'staff', 'Reset0001x');
    const again = await userRow('staff');
    dataOf(await operator.put(STAFF, `/${again.id}`, { version: again.version, password: '', introduction: 'x' }));
    expect(await sessionWorks(fresh)).toBe(true);
  });

  it('ends the sessions of the accounts a reset gives a new password, but not the resetting admin’s own', async () => {
    const custToken = await login(t.app, 'cust_b');
    const partyId = await idOf(t, 'sys_party', { code: 'C1002' });
    expect(dataOf(await operator.post(PARTIES, `/${partyId}/actions/resetPassword`, { newPassword: 'Reset0002x' })).accounts).toBe(1);
    expect(await sessionWorks(custToken)).toBe(false);
    expect(await sessionWorks(operator.token)).toBe(true);
    // The SUPER_ADMIN may reset the platform organisation, keeping the session it uses.
    const platformId = await idOf(t, 'sys_party', { kind: 'platform' });
    expect(
      dataOf(await admin.post(PARTIES, `/${platformId}/actions/resetPassword`, { newPassword: 'Reset0003x' })).accounts,
    ).toBeGreaterThan(0);
    expect(await sessionWorks(admin.token)).toBe(true);
    expect(await sessionWorks(operator.token)).toBe(false);
  });
});
