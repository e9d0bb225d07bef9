import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, signIn, type Caller } from '../../test/dataApi.js';
import { callGateway, type SignedCall } from './testClient.js';
import { GATEWAY_CODES } from './codes.js';
import { dynamicView } from '../../db/connect.js';

const PARTY = 'C1002';
const APP = 'customerManage/appInfo';
const OPEN = 'customerManage/config';
const ACCOUNT = 'customerManage/serviceAccount';
const PRODUCT = 'customerManage/product';
const PLAN = 'customerManage/pricePlan';
const SMS = { service: 'sms', operation: 'send', body: { phone: '13912345678', template: 'notice_waybill', content: '您的运单已签收' } };

describe.each(dialects())('the gateway on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let appKey: string;
  let secret: string;
  let openId: number;
  let accountId: number;

  const db = () => t.app.ctx.database.db;
  const balance = async () =>
    Number(
      (await db().selectFrom('cm_service_account').select('balanceFen').where('partyCode', '=', PARTY).executeTakeFirstOrThrow())
        .balanceFen,
    );
  const call = (extra: Partial<SignedCall> = {}) => callGateway(t.app, { appKey, secret, ...SMS, ...extra });
  const lastLog = async () =>
    db().selectFrom('cust_service_log').selectAll().where('partyCode', '=', PARTY).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const setOpen = async (patch: Record<string, unknown>) => {
    const current = dataOf(await admin.get(OPEN, `/${openId}`));
    dataOf(await admin.put(OPEN, `/${openId}`, { ...patch, version: current.version }));
  };
  const recharge = async (amountFen: number) =>
    dataOf(await admin.post(ACCOUNT, `/${accountId}/actions/recharge`, { amountFen, channel: 'bankTransfer', voucherNo: 'T1' }));

  /** A refusal answers its code, logs the call as refused with that code and charges nothing. */
  async function expectRefused(res: Awaited<ReturnType<typeof call>>, code: keyof typeof GATEWAY_CODES, before: number) {
    const body = res.json();
    expect({ http: res.statusCode, status: body.status }).toEqual({ http: GATEWAY_CODES[code].http, status: GATEWAY_CODES[code].status });
    expect(body.msg).toBeTruthy();
    expect(await balance()).toBe(before);
    const log = await lastLog();
    expect({ result: log.result, errorCode: log.errorCode, feeFen: Number(log.feeFen) }).toEqual({
      result: 'refused',
      errorCode: code,
      feeFen: 0,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    // This customer starts with nothing: the demo data's openings, account and logs for it are removed.
    // Its own service configurations (price, limits, IP whitelist) go too: the plan and openings decide.
    const configs = [...t.app.ctx.schemas.pages.values()]
      .filter((p) => p.id.startsWith('customerConfig/') && p.resource)
      .map((p) => p.resource!.table);
    for (const table of [
      'cm_service_open',
      'cm_service_account',
      'cm_charge_log',
      'cm_consume_log',
      'cm_price_plan',
      'gw_usage',
      'cust_service_log',
      ...new Set(configs),
    ]) {
      await dynamicView(db()).deleteFrom(table).where('partyCode', '=', PARTY).execute();
    }
    const created = dataOf(await admin.post(APP, '', { appName: '测试对接', status: 'active', partyCode: PARTY }), 201);
    appKey = created.appKey;
    const rotated = dataOf(await admin.post(APP, `/${created.id}/actions/rotateSecret`, {}));
    secret = rotated.secrets.secret;
    openId = dataOf(
      await admin.post(OPEN, '', { service: 'sms', enabled: true, dailyQuota: 0, qpsLimit: 0, connector: 'sandbox', partyCode: PARTY }),
      201,
    ).id;
    accountId = dataOf(
      await admin.post(ACCOUNT, '', { accountName: '西南通达接口账户', creditLimitFen: 0, status: 'active', partyCode: PARTY }),
      201,
    ).id;
    const existing = await db()
      .selectFrom('cm_product')
      .select('id')
      .where('service', '=', 'sms')
      .where('operation', '=', 'send')
      .executeTakeFirst();
    if (existing) await db().deleteFrom('cm_product').where('id', '=', existing.id).execute();
    dataOf(
      await admin.post(PRODUCT, '', {
        service: 'sms',
        operation: 'send',
        name: '短信发送',
        unitPriceFen: 5,
        billing: 'perSuccess',
        status: 'online',
      }),
      201,
    );
    await recharge(10_000);
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates apps with a generated key and a secret shown once, stored encrypted', async () => {
    expect(appKey).toMatch(/^AK\d{8}\d{6}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const row = await db().selectFrom('cm_app').selectAll().where('appKey', '=', appKey).executeTakeFirstOrThrow();
    expect(String(row.secretSealed)).not.toContain(secret);
    // The list's hint is the last four characters only.
    expect(row.secretHint).toBe(`…${secret.slice(-4)}`);
    const listed = dataOf(await admin.get(APP, `?appKey=${appKey}`)).list[0];
    expect(listed.secretSealed).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('performs a signed call, logs it and debits the product price', async () => {
    const before = await balance();
    const res = await call();
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe(0);
    expect(body.data.messageId).toMatch(/^SMS\d{14}$/);
    expect(body.data.phone).toBe('139****5678');
    expect(await balance()).toBe(before - 5);
    const log = await lastLog();
    expect({ result: log.result, service: log.service, api: log.api, feeFen: Number(log.feeFen), appKey: log.appKey }).toEqual({
      result: 'success',
      service: 'sms',
      api: 'send',
      feeFen: 5,
      appKey,
    });
    expect(log.requestSummary).toContain('139****5678');
    expect(log.requestSummary).not.toContain('13912345678');
    const consumed = await db()
      .selectFrom('cm_consume_log')
      .selectAll()
      .where('requestId', '=', body.data.requestId)
      .executeTakeFirstOrThrow();
    expect({ amountFen: Number(consumed.amountFen), status: consumed.status, balanceAfterFen: Number(consumed.balanceAfterFen) }).toEqual({
      amountFen: 5,
      status: 'charged',
      balanceAfterFen: before - 5,
    });
  });

  it('does not charge a call the connector could not perform', async () => {
    const before = await balance();
    const res = await call({ body: { phone: '123', template: 'x1' } });
    expect(res.json().status).toBe(GATEWAY_CODES.badParams.status);
    expect(await balance()).toBe(before);
    expect((await lastLog()).result).toBe('failure');
    const consumed = await db()
      .selectFrom('cm_consume_log')
      .selectAll()
      .where('requestId', '=', res.json().data.requestId)
      .executeTakeFirstOrThrow();
    expect({ status: consumed.status, amountFen: Number(consumed.amountFen) }).toEqual({ status: 'reversed', amountFen: 0 });
  });

  it('refuses unsigned calls, bad signatures, expired timestamps and replays', async () => {
    const before = await balance();
    await expectRefused(await call({ omit: ['x-signature'] }), 'unsigned', before);
    await expectRefused(await call({ signature: 'ab'.repeat(32) }), 'badSignature', before);
    // The right signature in upper case: the documented form is lowercase hex.
    await expectRefused(await call({ upperCaseSignature: true }), 'badSignature', before);
    await expectRefused(
      await call({ body: { ...SMS.body, phone: '13900000000' }, signature: undefined, secret: `${secret}x` }),
      'badSignature',
      before,
    );
    await expectRefused(await call({ timestamp: Date.now() - 301_000 }), 'expiredTimestamp', before);
    const nonce = 'replay-nonce-0001';
    expect((await call({ nonce })).json().status).toBe(0);
    await expectRefused(await call({ nonce }), 'replay', before - 5);
    const unknown = await callGateway(t.app, { appKey: 'AK-unknown-1', secret, ...SMS });
    expect(unknown.json().status).toBe(GATEWAY_CODES.unknownApp.status);
  });

  it('verifies the signature over the exact body bytes, and refuses a body that is not a UTF-8 JSON object after it', async () => {
    const before = await balance();
    // Spacing, key order and escapes the server would not reproduce by re-serialising: signed as sent, it passes.
    const raw = `{ "template":"${SMS.body.template}" ,\n  "phone" : "\\u0031${SMS.body.phone.slice(1)}", "content": "${SMS.body.content}" }`;
    const ok = await call({ rawBody: raw });
    expect(ok.json().status).toBe(0);
    expect(await balance()).toBe(before - 5);
    // The same object re-serialised is other bytes than those signed.
    await expectRefused(await call({ rawBody: raw, sentBody: JSON.stringify(JSON.parse(raw)) }), 'badSignature', before - 5);
    // Bytes that are not UTF-8 or not a JSON object: signed correctly, then refused with the gateway's code and logged.
    await expectRefused(
      await call({ rawBody: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]) }),
      'badParams',
      before - 5,
    );
    await expectRefused(await call({ rawBody: '[1,2]' }), 'badParams', before - 5);
    await expectRefused(await call({ rawBody: '{"phone":"\\ud800"}' }), 'badParams', before - 5);
  });

  it('refuses a blacklisted address on the gateway and at sign-in, CIDR ranges included', async () => {
    dataOf(
      await admin.post('systemManage/ipBlacklist', '', { ip: '10.66.0.0/16', reason: '测试网段', source: 'manual', status: 'active' }),
      201,
    );
    const before = await balance();
    await expectRefused(await call({ ip: '10.66.3.4' }), 'blacklistedIp', before);
    const signInRes = await t.app.inject({
      method: 'POST',
      url: '/open-platform/authorize',
      remoteAddress: '10.66.200.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=admin&password=Demo12345',
    });
    expect(signInRes.statusCode).toBe(403);
    expect((await call({ ip: '10.67.0.1' })).json().status).toBe(0);
  });

  it('refuses a disabled service and enforces the daily and per-second quotas', async () => {
    await setOpen({ enabled: false });
    let before = await balance();
    await expectRefused(await call(), 'serviceDisabled', before);
    await setOpen({ enabled: true, qpsLimit: 2 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-02T03:04:05.100Z'));
    expect((await call()).json().status).toBe(0);
    expect((await call()).json().status).toBe(0);
    before = await balance();
    await expectRefused(await call(), 'qpsExceeded', before);
    vi.setSystemTime(new Date('2030-01-02T03:04:06.100Z'));
    expect((await call()).json().status).toBe(0);
    // Sessions expire in fake time: the console edits happen at the real time.
    vi.useRealTimers();
    await setOpen({ qpsLimit: 0, dailyQuota: 4 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-02T03:05:00.000Z'));
    expect((await call()).json().status).toBe(0);
    before = await balance();
    await expectRefused(await call(), 'dailyQuotaExceeded', before);
    vi.setSystemTime(new Date('2030-01-03T00:00:01.000Z'));
    expect((await call()).json().status).toBe(0);
    vi.useRealTimers();
    await setOpen({ dailyQuota: 0 });
  });

  it('prices by the plan tiers of the month volume', async () => {
    dataOf(
      await admin.post(PLAN, '', {
        planName: '短信阶梯价',
        service: 'sms',
        validFrom: '2031-01-01',
        status: 'active',
        partyCode: PARTY,
        tiers: [
          { fromCount: 1, toCount: 2, unitPriceFen: 10 },
          { fromCount: 3, toCount: null, unitPriceFen: 4 },
        ],
      }),
      201,
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-10T08:00:00.000Z'));
    const fees = [];
    for (let i = 0; i < 3; i++) fees.push((await call()).json().data.feeFen);
    expect(fees).toEqual([10, 10, 4]);
    // The month's volume counts the earlier days of the month, and starts again with the next month.
    vi.setSystemTime(new Date('2031-05-11T08:00:00.000Z'));
    fees.push((await call()).json().data.feeFen);
    vi.setSystemTime(new Date('2031-06-01T00:00:01.000Z'));
    fees.push((await call()).json().data.feeFen);
    expect(fees).toEqual([10, 10, 4, 4, 10]);
    vi.useRealTimers();
    const bad = await admin.post(PLAN, '', {
      planName: '错误',
      service: 'sms',
      validFrom: '2031-01-01',
      status: 'active',
      tiers: [{ fromCount: 2, toCount: 5, unitPriceFen: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    // Told at the cell of the sub-table: the first tier must start at call 1.
    expect(Object.keys(bad.json().data.fieldErrors)).toEqual(['tiers.0.fromCount']);
  });

  it('refuses a call when the balance and credit do not cover the price', async () => {
    const rest = await balance();
    if (rest > 0) dataOf(await admin.post(ACCOUNT, `/${accountId}/actions/refund`, { amountFen: rest, remark: '清零' }));
    expect(await balance()).toBe(0);
    await expectRefused(await call(), 'insufficientBalance', 0);
  });

  it('refuses calls once a blocking risk rule fires, and records the event', async () => {
    await recharge(1_000);
    const strategy = dataOf(
      await admin.post('systemManage/riskControl', '', {
        code: 'API_TEST_FLOOD',
        name: '接口刷量',
        scene: 'gateway',
        level: 'high',
        handling: 'block',
      }),
      201,
    );
    dataOf(await admin.post('systemManage/riskControl', `/${strategy.id}/transitions/enable`, { version: strategy.version }));
    dataOf(
      await admin.post('systemManage/riskRule', '', {
        strategyCode: 'API_TEST_FLOOD',
        code: 'R_API_TEST_FLOOD',
        name: '同客户调用次数',
        metric: 'gatewayCalls',
        operator: 'gt',
        threshold: 2,
        windowMinutes: 5,
        score: 80,
        status: 'active',
      }),
      201,
    );
    expect((await call()).json().status).toBe(0);
    expect((await call()).json().status).toBe(0);
    const before = await balance();
    await expectRefused(await call(), 'riskRefused', before);
    const event = await db().selectFrom('risk_trigger').selectAll().where('ruleCode', '=', 'R_API_TEST_FLOOD').executeTakeFirstOrThrow();
    expect({ subjectType: event.subjectType, subjectCode: event.subjectCode, status: event.status }).toEqual({
      subjectType: 'party',
      subjectCode: PARTY,
      status: 'pending',
    });
    await db().updateTable('risk_rule').set({ status: 'disabled' }).where('code', '=', 'R_API_TEST_FLOOD').execute();
    (await import('../../services/tableCache.js')).tableWritten('risk_rule');
    expect((await call()).json().status).toBe(0);
  });

  it('keeps balances exact under 100 concurrent callers: no lost or double debit, never below the credit limit', async () => {
    const rest = await balance();
    if (rest > 0) dataOf(await admin.post(ACCOUNT, `/${accountId}/actions/refund`, { amountFen: rest, remark: '清零' }));
    await db().deleteFrom('cm_price_plan').where('partyCode', '=', PARTY).execute();
    (await import('../../services/tableCache.js')).tableWritten('cm_price_plan');
    await recharge(300); // 60 calls at 5 fen
    const results = await Promise.all(Array.from({ length: 100 }, () => call()));
    const statuses = results.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 0)).toHaveLength(60);
    expect(statuses.filter((s) => s === GATEWAY_CODES.insufficientBalance.status)).toHaveLength(40);
    expect(await balance()).toBe(0);
    // For every account: balance = recharges − refunds − consumption.
    const accounts = await db().selectFrom('cm_service_account').select(['partyCode', 'balanceFen']).execute();
    for (const a of accounts) {
      const sum = async (table: string, field: string, where: [string, string][]) => {
        let q = dynamicView(db())
          .selectFrom(table)
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(field), eb.val(0)).as('n'))
          .where('partyCode', '=', a.partyCode);
        for (const [k, v] of where) q = q.where(k, '=', v);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      const recharges = await sum('cm_charge_log', 'amountFen', [
        ['type', 'recharge'],
        ['accountType', 'service'],
      ]);
      const refunds = await sum('cm_charge_log', 'amountFen', [
        ['type', 'refund'],
        ['accountType', 'service'],
      ]);
      const consumption = await sum('cm_consume_log', 'amountFen', []);
      expect(Number(a.balanceFen)).toBe(recharges - refunds - consumption);
      const logged = await sum('cust_service_log', 'feeFen', []);
      expect(logged).toBe(consumption);
    }
  });
});
