import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const TRIGGER = 'systemManage/riskTrigger';
const STRATEGY = 'systemManage/riskControl';
const SESSIONS = 'platformUser/userLoginManage';
const PARTY = 'platformUser/partyManage';
const STAFF_PAGE = 'platformUser/staffManage';

describe.each(dialects())('transitions, custom actions and history on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    staff = await signIn(t.app, 'staff');
  });
  afterAll(async () => {
    await t.close();
  });

  const audits = (page: string, recordId: number) =>
    t.app.ctx.database.db
      .selectFrom('sys_audit')
      .select(['action', 'username', 'before', 'after'])
      .where('page', '=', page)
      .where('recordId', '=', recordId)
      .orderBy('id')
      .execute();

  it('handles a pending risk trigger: the form field is required, the state and version move, an audit row is written', async () => {
    const id = await idOf(t, 'risk_trigger', { subjectCode: 'YD20251118000123' });
    for (const body of [{}, { handleRemark: '' }, { handleRemark: 'x'.repeat(501) }]) {
      const res = refusal(await admin.post(TRIGGER, `/${id}/transitions/handle`, body), 400);
      expect(Object.keys(res.data.fieldErrors)).toEqual(['handleRemark']);
    }
    expect(dataOf(await admin.get(TRIGGER, `/${id}`))).toMatchObject({ status: 'pending', version: 1, handleRemark: null });

    const done = dataOf(await admin.post(TRIGGER, `/${id}/transitions/handle`, { handleRemark: '已联系承运商核实，绕行避堵', version: 1 }));
    expect(done).toMatchObject({ id, status: 'handled', handleRemark: '已联系承运商核实，绕行避堵', version: 2, updatedBy: 'admin' });

    const rows = await audits(TRIGGER, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'transition:handle', username: 'admin' });
    expect(JSON.parse(String(rows[0].before)).status).toBe('pending');
    expect(JSON.parse(String(rows[0].after))).toMatchObject({ status: 'handled', version: 2 });
  });

  it('refuses a transition from the wrong state with 409, and leaves the record alone', async () => {
    const id = await idOf(t, 'risk_trigger', { subjectCode: 'YD20251118000123' });
    for (const name of ['handle', 'ignore']) {
      const res = refusal(await admin.post(TRIGGER, `/${id}/transitions/${name}`, { handleRemark: '再次处理' }), 409);
      expect(res.msg).toMatch(/not possible/);
    }
    expect(dataOf(await admin.get(TRIGGER, `/${id}`))).toMatchObject({ status: 'handled', version: 2 });
  });

  it('ignores a trigger; refuses an unknown transition (404), a stale version (409) and a reader without the right (403)', async () => {
    const id = await idOf(t, 'risk_trigger', { subjectCode: '222.186.30.112' });
    refusal(await admin.post(TRIGGER, `/${id}/transitions/approve`, {}), 404);
    refusal(await admin.post(TRIGGER, `/${id}/transitions/ignore`, { handleRemark: '误报', version: 5 }), 409);
    refusal(await staff.post(TRIGGER, `/${id}/transitions/ignore`, { handleRemark: '误报' }), 403);
    refusal(await admin.post(TRIGGER, '/987654/transitions/ignore', { handleRemark: '误报' }), 404);
    const ignored = dataOf(await admin.post(TRIGGER, `/${id}/transitions/ignore`, { handleRemark: '白名单出口 IP，误报' }));
    expect(ignored).toMatchObject({ status: 'ignored', version: 2 });
    const pending = await staff.get(TRIGGER, '?todo=1');
    expect(dataOf(pending).list.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(dataOf(pending).total).toBe(await countRows(t, 'risk_trigger', { status: 'pending' }));
    expect(await countRows(t, 'risk_trigger', { status: 'ignored' })).toBe(1);
  });

  it('enables and disables a risk strategy; disabling needs a reason and only works on an enabled one', async () => {
    const id = await idOf(t, 'risk_strategy', { code: 'LOGIN_BRUTE_FORCE' });
    const draftId = await idOf(t, 'risk_strategy', { code: 'INVOICE_AMOUNT_SPIKE' });
    expect(dataOf(await admin.get(STRATEGY, `/${id}`)).status).toBe('draft');
    refusal(await admin.post(STRATEGY, `/${draftId}/transitions/disable`, { disableReason: '停用' }), 409);

    expect(dataOf(await admin.post(STRATEGY, `/${id}/transitions/enable`, {}))).toMatchObject({ status: 'enabled', version: 2 });
    refusal(await admin.post(STRATEGY, `/${id}/transitions/enable`, {}), 409);
    const noReason = refusal(await admin.post(STRATEGY, `/${id}/transitions/disable`, {}), 400);
    expect(Object.keys(noReason.data.fieldErrors)).toEqual(['disableReason']);
    const off = dataOf(await admin.post(STRATEGY, `/${id}/transitions/disable`, { disableReason: '误拦截率过高，调整阈值' }));
    expect(off).toMatchObject({ status: 'disabled', disableReason: '误拦截率过高，调整阈值', version: 3 });
    refusal(await admin.post(STRATEGY, `/${id}/transitions/disable`, { disableReason: '再停' }), 409);
    expect(dataOf(await admin.post(STRATEGY, `/${id}/transitions/enable`, {})).status).toBe('enabled');
    expect((await audits(STRATEGY, id)).map((r) => r.action)).toEqual(['transition:enable', 'transition:disable', 'transition:enable']);
    // The state field is the server's: an edit cannot set it.
    const edit = dataOf(await admin.put(STRATEGY, `/${id}`, { version: 4, status: 'draft', name: '登录撞库防护（新）' }));
    expect(edit).toMatchObject({ status: 'enabled', name: '登录撞库防护（新）', version: 5 });
  });

  it('revokes a sign-in session, after which its token answers 21332', async () => {
    const victim = await login(t.app, 'operator');
    const sessions = dataOf(await admin.get(SESSIONS, '?username=operator&sort=-createdAt'));
    const session = sessions.list.find((s: { revokedAt: string | null }) => !s.revokedAt);
    expect(session).toMatchObject({ username: 'operator', loginType: 'password', partyCode: 'P0001' });
    refusal(await staff.post(SESSIONS, `/${session.id}/actions/revokeSession`, {}), 403);
    expect(dataOf(await admin.post(SESSIONS, `/${session.id}/actions/revokeSession`, {}))).toEqual({ revoked: true });
    const after = await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(victim) });
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(21332);
    expect(refusal(await admin.post(SESSIONS, `/${session.id}/actions/revokeSession`, {}), 409).msg).toMatch(/already/);
    refusal(await admin.post(SESSIONS, `/${session.id}/actions/explode`, {}), 404);

    const own = dataOf(await admin.get(SESSIONS, '?username=admin&sort=-createdAt')).list[0];
    expect(refusal(await admin.post(SESSIONS, `/${own.id}/actions/revokeSession`, {}), 409).msg).toMatch(/session you are using/);
  });

  it('resets an organisation’s administrator password: the old one stops working, the new one signs in', async () => {
    const custA = await signIn(t.app, 'cust_a');
    const id = await idOf(t, 'sys_party', { code: 'C1001' });
    refusal(await staff.post(PARTY, `/${id}/actions/resetPassword`, { newPassword: 'Reset2025ok' }), 403);
    refusal(await custA.post(PARTY, `/${id}/actions/resetPassword`, { newPassword: 'Reset2025ok' }), 403);
    expect(Object.keys(refusal(await admin.post(PARTY, `/${id}/actions/resetPassword`, {}), 400).data.fieldErrors)).toEqual([
      'newPassword',
    ]);
    refusal(await admin.post(PARTY, `/${id}/actions/resetPassword`, { newPassword: 'short' }), 400);
    refusal(await admin.post(PARTY, `/${id}/actions/resetPassword`, { newPassword: 'Reset2025ok', extra: 1 }), 400);

    expect(dataOf(await admin.post(PARTY, `/${id}/actions/resetPassword`, { newPassword: 'Reset2025ok' }))).toEqual({ accounts: 1 });
    const old = await t.app.inject({ method: 'POST', url: '/open-platform/getUserInfo', headers: bearer(custA.token) });
    expect(old.json().status).toBe(21332);
    await expect(login(t.app, 'cust_a', 'Demo12345')).rejects.toThrow(/failed/);
    expect(await login(t.app, 'cust_a', 'Reset2025ok')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Other organisations keep their passwords.
    expect(await login(t.app, 'cust_b')).toBeTruthy();
  });

  it('returns the audit trail of a record, newest first, never with a password or its hash', async () => {
    const created = dataOf(
      await admin.post(STAFF_PAGE, '', {
        username: 'audit_me',
        realName: '审计对象',
        phone: '13700000009',
        password: 'Secret2025x',
        roles: ['STAFF'],
      }),
      201,
    );
    dataOf(await admin.put(STAFF_PAGE, `/${created.id}`, { version: 1, realName: '审计对象二', password: 'Changed2025y' }));
    const history = dataOf(await admin.get(STAFF_PAGE, `/${created.id}/history`));
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history[1]).toMatchObject({ username: 'admin', before: null, after: { username: 'audit_me', realName: '审计对象' } });
    expect(history[0].before).toMatchObject({ realName: '审计对象', version: 1 });
    expect(history[0].after).toMatchObject({ realName: '审计对象二', version: 2 });
    for (const h of history) {
      for (const side of [h.before, h.after]) {
        if (side) expect(Object.keys(side)).not.toContain('password');
        if (side) expect(Object.keys(side)).not.toContain('passwordHash');
      }
    }
    const raw = JSON.stringify(history);
    expect(raw).not.toMatch(/scrypt\$|Secret2025x|Changed2025y|passwordHash/);
    expect(await login(t.app, 'audit_me', 'Changed2025y')).toBeTruthy();
    refusal(await admin.get(STAFF_PAGE, '/987654/history'), 404);
  });
});
