import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';
import { callGateway } from '../areas/gateway/testClient.js';
import { DEMO_APP } from '../areas/gateway/demo.js';
import { performCall } from '../areas/gateway/call.js';
import { GatewayError } from '../areas/gateway/codes.js';
import { checkLowBalance } from '../areas/gateway/lowBalance.js';
import { WHOLE_LIST_ROWS } from './blacklist.js';

const BLACKLIST = 'customerManage/smsBlacklist';
const INTERCEPTIONS = 'customerManage/smsInterception';

describe.each(dialects())('the SMS blacklist on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  const db = () => t.app.ctx.database.db;
  const balance = async (party: string) =>
    Number(
      (await db().selectFrom('cm_service_account').select('balanceFen').where('partyCode', '=', party).executeTakeFirstOrThrow())
        .balanceFen,
    );
  const sendAs = (phone: string) =>
    callGateway(t.app, {
      ...DEMO_APP,
      service: 'sms',
      operation: 'send',
      body: { phone, template: 'notice_dispatch', content: '您有一条新运单 8812345，请及时确认。' },
    });
  const callFor = (partyCode: string, phone: string) =>
    performCall(t.app.ctx, {
      partyCode,
      partyName: partyCode,
      appKey: null,
      service: 'sms',
      operation: 'send',
      ip: '127.0.0.1',
      at: new Date(),
      params: { phone, template: 'notice_sign', content: '运单已签收' },
    });
  const interceptions = (phone: string) =>
    db().selectFrom('cm_sms_interception').selectAll().where('phone', '=', phone).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA, custB] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a'), signIn(t.app, 'cust_b')]);
  });
  afterAll(async () => t?.close());

  it('refuses a customer’s gateway SMS to a number on its own list, charges nothing and logs the interception', async () => {
    dataOf(await custA.post(BLACKLIST, '', { phone: '13511112222', reason: 'unsubscribe', status: 'active' }), 201);
    const before = await balance('C1001');
    const res = await sendAs('13511112222');
    expect({ http: res.statusCode, status: res.json().status }).toEqual({ http: 403, status: 40305 });
    expect(res.json().msg).toContain('135****2222');
    expect(await balance('C1001')).toBe(before);
    const log = await db()
      .selectFrom('cust_service_log')
      .select(['result', 'errorCode', 'feeFen'])
      .where('partyCode', '=', 'C1001')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect({ result: log.result, errorCode: log.errorCode, feeFen: Number(log.feeFen) }).toEqual({
      result: 'refused',
      errorCode: 'smsBlacklisted',
      feeFen: 0,
    });
    const [row] = await interceptions('13511112222');
    expect(row).toMatchObject({
      partyCode: 'C1001',
      reason: 'blacklist',
      source: 'gateway',
      template: 'notice_dispatch',
      appKey: DEMO_APP.appKey,
      detail: '客户黑名单：退订',
    });
    expect(String(row.content)).not.toContain('8812345');
    // The customer reads its interceptions; the other customer does not see them.
    expect(dataOf(await custA.get(INTERCEPTIONS, '?phone=13511112222')).list).toHaveLength(1);
    expect(dataOf(await custB.get(INTERCEPTIONS, '?phone=13511112222')).list).toHaveLength(0);
  });

  it('holds a customer’s entry to that customer only, and lets the number through once disabled or expired', async () => {
    const other = await callFor('C1002', '13511112222');
    expect(other.result).toBe('success');
    const entry = dataOf(await custA.get(BLACKLIST, '?phone=13511112222')).list[0];
    dataOf(await custA.put(BLACKLIST, `/${entry.id}`, { ...entry, status: 'disabled' }));
    expect((await sendAs('13511112222')).json().status).toBe(0);
    const expired = dataOf(
      await custA.post(BLACKLIST, '', {
        phone: '13522223333',
        reason: 'complaint',
        status: 'active',
        expiresAt: new Date(Date.now() - 60_000).toISOString(),
      }),
      201,
    );
    expect(expired.id).toBeTruthy();
    expect((await sendAs('13522223333')).json().status).toBe(0);
  });

  it('applies the platform’s entries to every customer', async () => {
    dataOf(await admin.post(BLACKLIST, '', { phone: '13533334444', reason: 'fraud', status: 'active', partyCode: 'P0001' }), 201);
    for (const party of ['C1001', 'C1002']) {
      const err = await callFor(party, '13533334444').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayError);
      expect((err as GatewayError).code).toBe('smsBlacklisted');
    }
    expect((await interceptions('13533334444')).map((r) => [r.partyCode, r.detail])).toEqual([
      ['C1001', '平台黑名单：涉诈号码'],
      ['C1002', '平台黑名单：涉诈号码'],
    ]);
    // A customer cannot put a number on the platform's list.
    const res = await custA.post(BLACKLIST, '', { phone: '13544445555', reason: 'fraud', status: 'active', partyCode: 'P0001' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      await db().selectFrom('cm_sms_blacklist').select('id').where('phone', '=', '13544445555').where('partyCode', '=', 'P0001').execute(),
    ).toHaveLength(0);
  });

  it('stops the platform’s own messages: sign-in codes and low-balance alerts', async () => {
    const sentBefore = t.sms.sent.length;
    const res = await t.app.inject({ method: 'POST', url: '/ntocc-tps-api/sms/sendVerificationCode?phone=13533334444&type=register' });
    expect(res.statusCode).toBe(403);
    expect(t.sms.sent.length).toBe(sentBefore);
    const [, , codeRow] = await interceptions('13533334444');
    expect(codeRow).toMatchObject({ partyCode: 'P0001', reason: 'blacklist', source: 'platform', template: 'code_register' });
    expect(String(codeRow.content)).not.toMatch(/\d{6}/);

    // The alert goes to the receivers not on the customer's list; the blacklisted one is logged.
    dataOf(await custB.post(BLACKLIST, '', { phone: '13577778888', reason: 'other', status: 'active' }), 201);
    await db()
      .updateTable('cm_service_account')
      .set({ alertThresholdFen: 1_000_000_000, alertPhone: '13577778888', lastAlertAt: null })
      .where('partyCode', '=', 'C1002')
      .execute();
    const sent = t.sms.sent.length;
    expect(await checkLowBalance(t.app.ctx, 'C1002', 100, new Date())).toBe(true);
    expect(t.sms.sent.slice(sent).map((m) => m.phone)).not.toContain('13577778888');
    expect((await interceptions('13577778888')).map((r) => [r.partyCode, r.template])).toEqual([['C1002', 'low_balance']]);
  });

  it('looks a number up by itself once the list is too long to keep whole', async () => {
    const at = new Date().toISOString();
    const row = (phone: string) => ({
      phone,
      reason: 'invalidNumber',
      status: 'active',
      remark: 'long list',
      partyCode: 'C1001',
      version: 1,
      createdAt: at,
      updatedAt: at,
    });
    const phones = Array.from({ length: WHOLE_LIST_ROWS + 1 }, (_, i) => `136${String(i).padStart(8, '0')}`);
    try {
      for (let i = 0; i < phones.length; i += 500)
        await db()
          .insertInto('cm_sms_blacklist')
          .values(phones.slice(i, i + 500).map(row))
          .execute();
      for (const phone of [phones[0], phones[WHOLE_LIST_ROWS]]) {
        const err = await callFor('C1001', phone).catch((e: unknown) => e);
        expect((err as GatewayError).code).toBe('smsBlacklisted');
      }
      expect((await callFor('C1001', '13699999999')).result).toBe('success');
    } finally {
      await db().deleteFrom('cm_sms_blacklist').where('remark', '=', 'long list').execute();
    }
    // Short again: kept whole, and the numbers taken off it pass.
    expect((await callFor('C1001', phones[0])).result).toBe('success');
  });

  it('logs a code refused by the daily cap as a frequency interception', async () => {
    const earlier = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const rows = Array.from({ length: 30 }, () => ({
      phone: '13588889999',
      purpose: 'register',
      codeHash: 'x',
      expiresAt: earlier,
      attempts: 0,
      createdAt: earlier,
      updatedAt: earlier,
    }));
    await t.app.ctx.database.core.insertInto('sys_sms_code').values(rows).execute();
    const res = await t.app.inject({ method: 'POST', url: '/ntocc-tps-api/sms/sendVerificationCode?phone=13588889999&type=register' });
    expect(res.statusCode).toBe(429);
    expect((await interceptions('13588889999')).map((r) => [r.partyCode, r.reason, r.source, r.template])).toEqual([
      ['P0001', 'frequency', 'platform', 'code_register'],
    ]);
  });
});
