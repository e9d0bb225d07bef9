import { writeCharge } from '../data/chargeLog.js';
import type { AppContext } from '../context.js';
import { transact } from '../db/transact.js';
import { conflict, notFound } from '../errors.js';
import type { Row } from '../data/rows.js';
import type { ActionHandler } from './types.js';
import { tableWritten } from '../services/tableCache.js';
import { audit } from '../data/audit.js';
import { checkLink, waybillDeductionLink } from '../data/chainLinks.js';

export type OrderMovement = 'recharge' | 'refund' | 'deduct';

const E = 'pages.customerManage.orderAccount.errors';

/**
 * Moves money into or out of one order (prepayment) account and writes the charge log row in the
 * same transaction. Money leaves only through a conditional UPDATE that keeps the balance at zero
 * or above, so concurrent deductions can never overdraw the account; a frozen account takes no
 * recharge or deduction, and a deduction above the account's single limit is refused. A deduction
 * names a waybill of the account's organisation and takes no more than the shipper still owes on it;
 * only the demo seed, which runs before the waybill table is filled, passes `checkLinks = false`.
 */
export async function changeOrderBalance(
  ctx: AppContext,
  by: string,
  accountNo: string,
  type: OrderMovement,
  body: Row,
  at = new Date(),
  checkLinks = true,
) {
  const amountFen = Number(body.amountFen);
  const iso = at.toISOString();
  return transact(ctx.database.db, async (trx) => {
    const account = await trx
      .selectFrom('cm_order_account')
      .select(['partyCode', 'status', 'singleLimitFen', 'alertThresholdFen', 'alertPhone'])
      .where('accountNo', '=', accountNo)
      .executeTakeFirst();
    if (!account) throw notFound(`${E}.unknownAccount`, { accountNo });
    if (account.status !== 'active' && type !== 'refund') throw conflict(`${E}.frozen`, { accountNo });
    const limit = Number(account.singleLimitFen ?? 0);
    if (type === 'deduct' && limit > 0 && amountFen > limit) throw conflict(`${E}.overSingleLimit`, { limit: (limit / 100).toFixed(2) });
    // A deduction pays for a waybill of the account's organisation, never more than the shipper still owes on it.
    if (type === 'deduct' && checkLinks)
      await checkLink(
        trx,
        waybillDeductionLink('pages.customerManage.orderAccount.title', 'bizNo', body.bizNo, String(account.partyCode), amountFen),
      );
    let q = trx
      .updateTable('cm_order_account')
      .set((eb) => ({
        balanceFen: eb(eb.fn.coalesce('balanceFen', eb.val(0)), type === 'recharge' ? '+' : '-', amountFen),
        updatedAt: iso,
        updatedBy: by,
      }))
      .where('accountNo', '=', accountNo);
    if (type !== 'recharge') q = q.where((eb) => eb(eb.fn.coalesce('balanceFen', eb.val(0)), '>=', amountFen));
    const row = await q.returning(['balanceFen']).executeTakeFirst();
    if (!row) throw conflict(type === 'refund' ? 'gateway.refundOverBalance' : `${E}.insufficient`);
    const balanceAfterFen = Number(row.balanceFen);
    const channel = type === 'recharge' ? String(body.channel ?? 'bankTransfer') : type === 'deduct' ? 'freightPay' : 'adjust';
    await writeCharge(
      trx,
      {
        partyCode: account.partyCode,
        accountType: 'order',
        accountNo,
        type,
        amountFen,
        balanceAfterFen,
        channel,
        voucherNo: body.voucherNo ?? null,
        bizNo: body.bizNo ?? null,
        remark: body.remark ?? null,
      },
      by,
      at,
    );
    // The alert goes once, when a movement takes the balance from at or above the threshold to below it.
    const thresholdFen = Number(account.alertThresholdFen ?? 0);
    const crossed =
      type !== 'recharge' && thresholdFen > 0 && balanceAfterFen < thresholdFen && balanceAfterFen + amountFen >= thresholdFen;
    if (crossed && account.alertPhone)
      await trx.updateTable('cm_order_account').set({ lastAlertAt: iso }).where('accountNo', '=', accountNo).execute();
    return {
      balanceFen: balanceAfterFen,
      alert: crossed && account.alertPhone ? { phone: String(account.alertPhone), thresholdFen } : null,
    };
  }).finally(() => tableWritten('cm_order_account'));
}

/** Sends the low-balance SMS a movement asked for; after the commit, as the sender writes its own log. */
export async function sendOrderAlert(
  ctx: AppContext,
  accountNo: string,
  balanceFen: number,
  alert: { phone: string; thresholdFen: number } | null,
) {
  if (!alert) return;
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  await ctx.sms.send(
    alert.phone,
    `【供应链开放平台】您的订单账户 ${accountNo} 余额 ${yuan(balanceFen)} 元，已低于提醒阈值 ${yuan(alert.thresholdFen)} 元，请及时充值。` +
      ` Your order account ${accountNo} balance is ${yuan(balanceFen)} yuan, below your alert threshold.`,
  );
}

function movement(type: OrderMovement): ActionHandler {
  return async (ctx, access, record, body) => {
    const { alert, ...out } = await changeOrderBalance(ctx, access.user.username, String(record!.accountNo), type, body);
    await audit(
      ctx.database.db,
      access.user,
      access.page,
      `action:${type}`,
      Number(record!.id),
      { balanceFen: record!.balanceFen },
      { ...out, amountFen: body.amountFen },
    );
    await sendOrderAlert(ctx, String(record!.accountNo), out.balanceFen, alert);
    return out;
  };
}

export const orderAccountActions: Record<string, ActionHandler> = {
  rechargeOrderAccount: movement('recharge'),
  refundOrderAccount: movement('refund'),
  deductOrderAccount: movement('deduct'),
};
