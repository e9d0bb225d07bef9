import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, signIn } from '../../test/dataApi.js';
import { callGateway } from './testClient.js';
import { DEMO_APP } from './demo.js';
import { SERVICES } from '../../connectors/index.js';

describe.each(dialects())('gateway demo data on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());
  const db = () => t.app.ctx.database.db;

  it('lets the README’s demo app make a signed call that is logged and charged at the plan price', async () => {
    const before = Number(
      (await db().selectFrom('cm_service_account').select('balanceFen').where('partyCode', '=', 'C1001').executeTakeFirstOrThrow())
        .balanceFen,
    );
    const res = await callGateway(t.app, {
      ...DEMO_APP,
      service: 'sms',
      operation: 'send',
      body: { phone: '13800138000', template: 'notice_sign', content: '运单已签收' },
    });
    const body = res.json();
    expect(body.status).toBe(0);
    expect([5, 4, 3]).toContain(body.data.feeFen);
    const after = Number(
      (await db().selectFrom('cm_service_account').select('balanceFen').where('partyCode', '=', 'C1001').executeTakeFirstOrThrow())
        .balanceFen,
    );
    expect(after).toBe(before - body.data.feeFen);
    const logged = await db()
      .selectFrom('cust_service_log')
      .select(['result', 'feeFen'])
      .where('requestId', '=', body.data.requestId)
      .executeTakeFirstOrThrow();
    expect({ result: logged.result, feeFen: Number(logged.feeFen) }).toEqual({ result: 'success', feeFen: body.data.feeFen });
  });

  it('fills every service’s log with calls over the last 30 days, and the accounts reconcile', async () => {
    const rows = await db()
      .selectFrom('cust_service_log')
      .select(['service', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('calledAt').as('first')])
      .where('partyCode', '=', 'C1001')
      .groupBy('service')
      .execute();
    expect(rows.map((r) => r.service).sort()).toEqual([...SERVICES].sort());
    for (const r of rows) expect(Number(r.n)).toBeGreaterThanOrEqual(t.config.demoCallsPerService);
    const first = rows.map((r) => String(r.first)).sort()[0];
    expect(Date.now() - Date.parse(first)).toBeGreaterThan(7 * 86_400_000);
    for (const partyCode of ['C1001', 'C1002']) {
      const sum = async (q: Promise<{ n: unknown } | undefined>) => Number((await q)?.n ?? 0);
      const recharges = await sum(
        db()
          .selectFrom('cm_charge_log')
          .select((eb) => eb.fn.sum('amountFen').as('n'))
          .where('partyCode', '=', partyCode)
          .where('type', '=', 'recharge')
          .where('accountNo', 'is', null)
          .executeTakeFirst(),
      );
      const consumed = await sum(
        db()
          .selectFrom('cm_consume_log')
          .select((eb) => eb.fn.sum('amountFen').as('n'))
          .where('partyCode', '=', partyCode)
          .executeTakeFirst(),
      );
      const balance = await sum(
        db().selectFrom('cm_service_account').select('balanceFen as n').where('partyCode', '=', partyCode).executeTakeFirst(),
      );
      expect(consumed).toBeGreaterThan(0);
      expect(balance).toBe(recharges - consumed);
    }
  });

  it('shows a customer admin their own apps without secrets, and not another customer’s', async () => {
    const custA = await signIn(t.app, 'cust_a');
    const apps = dataOf(await custA.get('customerManage/appInfo')).list as { appKey: string; partyCode: string }[];
    expect(apps.map((a) => a.appKey)).toContain(DEMO_APP.appKey);
    expect(apps.every((a) => a.partyCode === 'C1001')).toBe(true);
    expect(JSON.stringify(apps)).not.toContain(DEMO_APP.secret);
    const totals = dataOf(await custA.get('customerManage/accountTotal', '/report'));
    expect(JSON.stringify(totals)).not.toContain('C1002');
  });
});
