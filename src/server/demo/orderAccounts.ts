import type { DemoGenerator } from '../db/demoGenerators.js';
import { changeOrderBalance, type OrderMovement } from '../actions/orderAccount.js';
import { freightDataset } from './freight.js';

const DAY = 86_400_000;

/** [days ago, account, movement, amount in fen, voucher number]; a deduction's amount and waybill come from the freight data. */
const MOVEMENTS: [number, string, OrderMovement, number, string][] = [
  [48, 'YF202510080001', 'recharge', 50_000_000, 'HD2025100801'],
  [45, 'YF202510080002', 'recharge', 3_000_000, 'HD2025101102'],
  [41, 'YF202510150001', 'recharge', 20_000_000, 'XN2025101501'],
  [40, 'YF202510080001', 'deduct', 3_280_000, 'YD20251016000012'],
  [33, 'YF202510080001', 'deduct', 2_150_000, 'YD20251023000047'],
  [30, 'YF202510080002', 'deduct', 860_000, 'YK20251026000003'],
  [28, 'YF202510150001', 'deduct', 1_870_000, 'YD20251028000105'],
  [26, 'YF202510080001', 'recharge', 20_000_000, 'HD2025103001'],
  [19, 'YF202510080001', 'deduct', 4_630_000, 'YD20251106000211'],
  [15, 'YF202510080002', 'deduct', 450_000, 'YK20251110000009'],
  [12, 'YF202510080001', 'refund', 5_000_000, 'TK2025111301'],
  [9, 'YF202510150001', 'deduct', 2_460_000, 'YD20251116000318'],
  [5, 'YF202510080001', 'deduct', 1_960_000, 'YD20251120000402'],
];

const PARTY_OF: Record<string, string> = { YF202510080001: 'C1001', YF202510080002: 'C1001', YF202510150001: 'C1002' };

/**
 * The order accounts' history, made through the same balance code as the console's actions, so
 * every demo balance is exactly its recharges − deductions − refunds in the charge log. Each
 * deduction pays one real waybill of the account's organisation, signed before the day of the
 * deduction, for what the shipper owes on it: the chain's prepayment link (the waybill table is
 * filled later in the same seed, so the link is made here rather than looked up).
 */
export const orderAccountDemo: DemoGenerator = async (ctx) => {
  const now = Date.now();
  const waybills = freightDataset(ctx)
    .tables['tms/waybill/waybill'].filter((w) => (w.status === 'signed' || w.status === 'settled') && w.deliveredAt)
    .sort((a, b) => String(b.deliveredAt).localeCompare(String(a.deliveredAt)));
  const used = new Set<unknown>();
  // Within each account's single-deduction limit, as the console's deduction would be.
  const limits = new Map(
    ((ctx.schemas.pages.get('customerManage/orderAccount')?.demo ?? []) as Record<string, unknown>[]).map((a) => [
      String(a.accountNo),
      Number(a.singleLimitFen ?? 0) || Number.POSITIVE_INFINITY,
    ]),
  );
  for (const [days, accountNo, type, planned, no] of MOVEMENTS) {
    const at = now - days * DAY;
    const waybill =
      type === 'deduct'
        ? waybills.find(
            (w) =>
              w.partyCode === PARTY_OF[accountNo] &&
              Date.parse(String(w.deliveredAt)) < at &&
              !used.has(w.waybillNo) &&
              Number(w.shipperTotalFen) <= (limits.get(accountNo) ?? Number.POSITIVE_INFINITY),
          )
        : undefined;
    if (waybill) used.add(waybill.waybillNo);
    const amountFen = waybill ? Number(waybill.shipperTotalFen) : planned;
    const body =
      type === 'deduct'
        ? { amountFen, bizNo: waybill?.waybillNo ?? no, remark: '运单运费结算扣款' }
        : type === 'refund'
          ? { amountFen, voucherNo: no, remark: '客户申请退回部分预付款' }
          : { amountFen, channel: 'bankTransfer', voucherNo: no, remark: '对公转账充值' };
    await changeOrderBalance(ctx, 'system', accountNo, type, body, new Date(at), false);
  }
  // An account that never moved shows a zero balance, not an empty one.
  await ctx.database.db.updateTable('cm_order_account').set({ balanceFen: 0 }).where('balanceFen', 'is', null).execute();
  return MOVEMENTS.length;
};
