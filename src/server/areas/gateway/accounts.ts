import { writeCharge } from '../../data/chargeLog.js';
import type { AppContext } from '../../context.js';
import { transact } from '../../db/transact.js';
import { conflict } from '../../errors.js';
import type { Row } from '../../data/rows.js';
import type { ActionHandler } from '../../actions/types.js';
import { newAppSecret, storeAppSecret } from './apps.js';
import { tableWritten } from '../../services/tableCache.js';
import { audit } from '../../data/audit.js';

/**
 * Moves money into or out of a service account and writes the charge log in one transaction. A
 * refund is a conditional UPDATE that never takes the balance below zero (credit is not refundable).
 */
export async function changeBalance(
  ctx: AppContext,
  by: string,
  partyCode: string,
  type: 'recharge' | 'refund',
  body: Row,
  at = new Date(),
) {
  const amountFen = Number(body.amountFen);
  const iso = at.toISOString();
  return transact(ctx.database.db, async (trx) => {
    let q = trx
      .updateTable('cm_service_account')
      .set((eb) => ({
        balanceFen: eb(eb.fn.coalesce('balanceFen', eb.val(0)), type === 'recharge' ? '+' : '-', amountFen),
        updatedAt: iso,
        updatedBy: by,
      }))
      .where('partyCode', '=', partyCode);
    if (type === 'refund') q = q.where((eb) => eb(eb.fn.coalesce('balanceFen', eb.val(0)), '>=', amountFen));
    const row = await q.returning(['balanceFen']).executeTakeFirst();
    if (!row) throw conflict('gateway.refundOverBalance');
    const balanceAfterFen = Number(row.balanceFen);
    await writeCharge(
      trx,
      {
        partyCode,
        accountType: 'service',
        type,
        amountFen,
        balanceAfterFen,
        channel: type === 'recharge' ? String(body.channel ?? 'bankTransfer') : 'adjust',
        voucherNo: body.voucherNo ?? null,
        remark: body.remark ?? null,
      },
      by,
      at,
    );
    return { balanceFen: balanceAfterFen };
  }).finally(() => tableWritten('cm_service_account'));
}

export const accountActions: Record<string, ActionHandler> = {
  /** A new secret for the app, shown once in the answer; the previous one stops working at once. */
  async rotateAppSecret(ctx, access, record) {
    const secret = newAppSecret();
    const stored = await storeAppSecret(ctx, Number(record!.id), secret, access.user.username);
    await audit(
      ctx.database.db,
      access.user,
      access.page,
      'action:rotateSecret',
      Number(record!.id),
      { secretHint: record!.secretHint },
      { secretHint: stored.secretHint },
    );
    return { secrets: { appKey: String(record!.appKey), secret }, ...stored };
  },
  async rechargeServiceAccount(ctx, access, record, body) {
    const out = await changeBalance(ctx, access.user.username, String(record!.partyCode), 'recharge', body);
    await audit(
      ctx.database.db,
      access.user,
      access.page,
      'action:recharge',
      Number(record!.id),
      { balanceFen: record!.balanceFen },
      { ...out, amountFen: body.amountFen },
    );
    return out;
  },
  async refundServiceAccount(ctx, access, record, body) {
    const out = await changeBalance(ctx, access.user.username, String(record!.partyCode), 'refund', body);
    await audit(
      ctx.database.db,
      access.user,
      access.page,
      'action:refund',
      Number(record!.id),
      { balanceFen: record!.balanceFen },
      { ...out, amountFen: body.amountFen },
    );
    return out;
  },
};
