import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { orderAccountDifferences } from '../jobs/accountReconciliation.js';

const ACCOUNT = 'customerManage/orderAccount';
const CUSTOMER = 'customerManage/customer';
const FREIGHT = 'YF202510080001';

describe.each(dialects())('order accounts and customers on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  const account = async (accountNo: string) => dataOf(await admin.get(ACCOUNT, `?accountNo=${accountNo}`)).list[0];
  /** Waybills of an organisation with at least `fen` still owed by the shipper and no deduction yet, largest first. */
  const openWaybills = async (party: string, fen: number): Promise<string[]> => {
    const deducted = new Set(
      (await t.app.ctx.database.db.selectFrom('cm_charge_log').select('bizNo').where('type', '=', 'deduct').execute()).map((r) => r.bizNo),
    );
    const rows = await t.app.ctx.database.db
      .selectFrom('tms_waybill')
      .select(['waybillNo', 'shipperTotalFen'])
      .where('partyCode', '=', party)
      .where('shipperTotalFen', '>=', fen)
      .orderBy('shipperTotalFen', 'desc')
      .orderBy('waybillNo')
      .execute();
    return rows.map((r) => String(r.waybillNo)).filter((no) => !deducted.has(no));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => t?.close());

  it('seeds order accounts whose balances are exactly their charge-log entries, each deduction paying a real waybill of the account’s organisation', async () => {
    expect(Number((await account(FREIGHT)).balanceFen)).toBeGreaterThan(0);
    const { accounts, differences } = await orderAccountDifferences(t.app.ctx);
    expect(accounts).toBe(4);
    expect(differences).toEqual([]);
    const db = t.app.ctx.database.db;
    const deductions = await db
      .selectFrom('cm_charge_log as l')
      .innerJoin('cm_order_account as a', 'a.accountNo', 'l.accountNo')
      .leftJoin('tms_waybill as w', 'w.waybillNo', 'l.bizNo')
      .select(['l.bizNo', 'l.amountFen', 'a.partyCode', 'w.partyCode as waybillParty', 'w.shipperTotalFen'])
      .where('l.type', '=', 'deduct')
      .execute();
    expect(deductions.length).toBeGreaterThanOrEqual(8);
    expect(deductions.filter((d) => d.waybillParty !== d.partyCode || Number(d.amountFen) > Number(d.shipperTotalFen))).toEqual([]);
  });

  it('refuses a deduction for a waybill that does not exist, of another organisation or already paid, naming the link, and moves nothing', async () => {
    const a = await account('YF202510080002');
    const before = Number(a.balanceFen);
    // The smallest: within the account's single limit, so only the link can refuse it.
    const own = (await openWaybills('C1001', 1_000)).at(-1)!;
    const [other] = await openWaybills('C1002', 1_000);
    const deduct = (bizNo: string, amountFen: number) => admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen, bizNo });
    expect(refusal(await deduct('YD20991231000001', 100), 400).data.fieldErrors.bizNo).toMatch(/YD20991231000001 names no Waybill/);
    expect(refusal(await deduct(other, 100), 400).data.fieldErrors.bizNo).toMatch(/belongs to another organisation/);
    const total = Number(
      (
        await t.app.ctx.database.db
          .selectFrom('tms_waybill')
          .select('shipperTotalFen')
          .where('waybillNo', '=', own)
          .executeTakeFirstOrThrow()
      ).shipperTotalFen,
    );
    expect(refusal(await deduct(own, total + 1), 400).data.fieldErrors.amountFen).toMatch(/still open/);
    expect(total).toBeLessThan(1_000_000);
    expect(Number((await account('YF202510080002')).balanceFen)).toBe(before);
    dataOf(await deduct(own, total));
    expect(refusal(await deduct(own, 1), 400).data.fieldErrors.bizNo).toMatch(/already fully paid/);
    expect(Number((await account('YF202510080002')).balanceFen)).toBe(before - total);
  });

  it('recharges, deducts and refunds with a log row each, and refuses what would break the account', async () => {
    const a = await account('YF202510080002');
    const before = Number(a.balanceFen);
    expect(
      dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/recharge`, { amountFen: 100_000, channel: 'online', voucherNo: 'ZF001' }))
        .balanceFen,
    ).toBe(before + 100_000);
    const [first, second] = await openWaybills('C1001', 30_000);
    expect(dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: 30_000, bizNo: first })).balanceFen).toBe(
      before + 70_000,
    );
    // Over the account's single limit (¥10,000), over the balance, and a malformed waybill number.
    refusal(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: 1_000_001, bizNo: second }), 409);
    refusal(await admin.post(ACCOUNT, `/${a.id}/actions/refund`, { amountFen: before + 70_001, remark: '全部退回' }), 409);
    refusal(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: 100, bizNo: 'waybill 1' }), 400);
    const log = dataOf(await admin.get('customerManage/chargeLog', `?accountNo=${a.accountNo}&type=deduct&bizNo=${first}`));
    expect(log.list).toHaveLength(1);
    expect(log.list[0]).toMatchObject({ accountType: 'order', amountFen: 30_000, balanceAfterFen: before + 70_000, channel: 'freightPay' });
    expect((await orderAccountDifferences(t.app.ctx)).differences).toEqual([]);
  });

  it('sends one low-balance SMS when a deduction takes the balance below the threshold', async () => {
    const a = await account('YF202510080002');
    const sent = async () => t.sms.sent.filter((m) => m.phone === '13900000001' && m.content.includes('YF202510080002')).length;
    // Down to ¥6,000 (threshold ¥5,000) by a refund, then two deductions for real waybills.
    const balance = Number(a.balanceFen);
    if (balance > 600_000)
      dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/refund`, { amountFen: balance - 600_000, remark: '退回至提醒线以上' }));
    expect(await sent()).toBe(0);
    for (const bizNo of (await openWaybills('C1001', 200_000)).slice(0, 2)) {
      dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: 200_000, bizNo }));
    }
    expect(await sent()).toBe(1);
    expect((await account('YF202510080002')).lastAlertAt).toBeTruthy();
  });

  it('takes nothing from a frozen account and never overdraws under concurrent deductions', async () => {
    const frozen = dataOf(await admin.get(ACCOUNT, '?status=frozen')).list[0];
    refusal(await admin.post(ACCOUNT, `/${frozen.id}/actions/recharge`, { amountFen: 100, channel: 'online' }), 409);
    const a = await account('YF202510150001');
    // Twelve waybills with at least `each` open, and a balance that covers five and a half of them.
    const each = 200_000;
    const targets = (await openWaybills('C1002', each)).slice(0, 12);
    expect(targets).toHaveLength(12);
    dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/refund`, { amountFen: Number(a.balanceFen) - 5.5 * each, remark: '测试前退回' }));
    const balance = 5.5 * each;
    const answers = await Promise.all(targets.map((bizNo) => admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: each, bizNo })));
    const ok = answers.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(Math.floor(balance / each));
    expect((await account('YF202510150001')).balanceFen).toBe(balance - ok * each);
    expect((await orderAccountDifferences(t.app.ctx)).differences).toEqual([]);
  });

  it('shows a customer only its own order accounts and no recharge action', async () => {
    const own = dataOf(await custA.get(ACCOUNT));
    expect(own.list.map((r: { partyCode: string }) => r.partyCode)).toEqual(['C1001', 'C1001']);
    const mine = own.list[0];
    refusal(await custA.post(ACCOUNT, `/${mine.id}/actions/recharge`, { amountFen: 100, channel: 'online' }), 403);
  });

  it('lists customers only, with their profile, and holds related lists to a customer', async () => {
    const list = dataOf(await admin.get(CUSTOMER));
    expect(list.list.map((r: { code: string }) => r.code).sort()).toEqual(['C1001', 'C1002']);
    expect(list.list.find((r: { code: string }) => r.code === 'C1001')).toMatchObject({ level: 'strategic', uscc: '91310114MA1GT3K74B' });
    const apps = dataOf(await admin.get('customerManage/appInfo', '?parent=C1002&parentField=partyCode'));
    expect(apps.list.length).toBeGreaterThan(0);
    expect(apps.list.every((r: { partyCode: string }) => r.partyCode === 'C1002')).toBe(true);
    // The platform's own organisation is not a customer: not a parent, not readable here, not creatable.
    refusal(await admin.get('customerManage/appInfo', '?parent=P0001&parentField=partyCode'), 404);
    refusal(
      await admin.post(CUSTOMER, '', {
        code: 'P0009',
        name: '测试平台',
        kind: 'platform',
        uscc: '91310114MA1GT3K74B',
        contactName: '张三',
        contactPhone: '13800000009',
        status: 'active',
      }),
      403,
    );
    refusal(await custA.get(CUSTOMER), 403);
  });

  it('creates a customer as an organisation of the customer kind and checks its contract dates', async () => {
    const body = {
      code: 'C1003',
      name: '华北顺运物流有限公司',
      uscc: '91110105MA01HK5R8D',
      contactName: '王磊',
      contactPhone: '13700000003',
      status: 'active',
      level: 'normal',
      contractNo: 'KF-2025-0099',
      contractFrom: '2025-12-01',
      contractTo: '2025-11-01',
    };
    refusal(await admin.post(CUSTOMER, '', body), 400);
    const made = dataOf(await admin.post(CUSTOMER, '', { ...body, contractTo: '2026-11-30' }), 201);
    expect(made).toMatchObject({ code: 'C1003', kind: 'customer' });
    expect(dataOf(await admin.get('platformUser/partyManage', '?code=C1003')).list[0].kind).toBe('customer');
  });
});
