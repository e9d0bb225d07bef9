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

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => t?.close());

  it('seeds order accounts whose balances are exactly their charge-log entries', async () => {
    expect((await account(FREIGHT)).balanceFen).toBe(52_980_000);
    const { accounts, differences } = await orderAccountDifferences(t.app.ctx);
    expect(accounts).toBe(4);
    expect(differences).toEqual([]);
  });

  it('recharges, deducts and refunds with a log row each, and refuses what would break the account', async () => {
    const a = await account('YF202510080002');
    const before = Number(a.balanceFen);
    expect(dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/recharge`, { amountFen: 100_000, channel: 'online', voucherNo: 'ZF001' })).balanceFen).toBe(before + 100_000);
    expect(dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: 30_000, bizNo: 'YD20261125000001' })).balanceFen).toBe(before + 70_000);
    // Over the account's single limit (¥10,000), over the balance, and a malformed waybill number.
    refusal(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: 1_000_001, bizNo: 'YD20261125000002' }), 409);
    refusal(await admin.post(ACCOUNT, `/${a.id}/actions/refund`, { amountFen: before + 70_001, remark: '全部退回' }), 409);
    refusal(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: 100, bizNo: 'waybill 1' }), 400);
    const log = dataOf(await admin.get('customerManage/chargeLog', `?accountNo=${a.accountNo}&type=deduct&bizNo=YD20261125000001`));
    expect(log.list).toHaveLength(1);
    expect(log.list[0]).toMatchObject({ accountType: 'order', amountFen: 30_000, balanceAfterFen: before + 70_000, channel: 'freightPay' });
    expect((await orderAccountDifferences(t.app.ctx)).differences).toEqual([]);
  });

  it('sends one low-balance SMS when a deduction takes the balance below the threshold', async () => {
    const a = await account('YF202510080002');
    const sent = async () => t.sms.sent.filter((m) => m.phone === '13900000001' && m.content.includes('YF202510080002')).length;
    // Down to ¥6,000 (threshold ¥5,000) in deductions within the single limit of ¥10,000.
    for (let balance = Number(a.balanceFen), n = 10; balance > 600_000; n++) {
      const amountFen = Math.min(balance - 600_000, 1_000_000);
      balance = dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen, bizNo: `YK202611250000${n}` })).balanceFen;
    }
    expect(await sent()).toBe(0);
    for (const bizNo of ['YK20261125000002', 'YK20261125000003']) {
      dataOf(await admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: 200_000, bizNo }));
    }
    expect(await sent()).toBe(1);
    expect((await account('YF202510080002')).lastAlertAt).toBeTruthy();
  });

  it('takes nothing from a frozen account and never overdraws under concurrent deductions', async () => {
    const frozen = dataOf(await admin.get(ACCOUNT, '?status=frozen')).list[0];
    refusal(await admin.post(ACCOUNT, `/${frozen.id}/actions/recharge`, { amountFen: 100, channel: 'online' }), 409);
    const a = await account('YF202510150001');
    const balance = Number(a.balanceFen);
    const each = 2_000_000;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      admin.post(ACCOUNT, `/${a.id}/actions/deduct`, { amountFen: each, bizNo: `YD2026112500${String(i).padStart(4, '0')}` })));
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
    refusal(await admin.post(CUSTOMER, '', { code: 'P0009', name: '测试平台', kind: 'platform', uscc: '91310114MA1GT3K74B', contactName: '张三', contactPhone: '13800000009', status: 'active' }), 403);
    refusal(await custA.get(CUSTOMER), 403);
  });

  it('creates a customer as an organisation of the customer kind and checks its contract dates', async () => {
    const body = { code: 'C1003', name: '华北顺运物流有限公司', uscc: '91110105MA01HK5R8D', contactName: '王磊', contactPhone: '13700000003', status: 'active', level: 'normal',
      contractNo: 'KF-2025-0099', contractFrom: '2025-12-01', contractTo: '2025-11-01' };
    refusal(await admin.post(CUSTOMER, '', body), 400);
    const made = dataOf(await admin.post(CUSTOMER, '', { ...body, contractTo: '2026-11-30' }), 201);
    expect(made).toMatchObject({ code: 'C1003', kind: 'customer' });
    expect(dataOf(await admin.get('platformUser/partyManage', '?code=C1003')).list[0].kind).toBe('customer');
  });
});
