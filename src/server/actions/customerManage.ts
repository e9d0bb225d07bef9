import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { transact } from '../gateway/transact.js';
import { conflict } from '../errors.js';
import type { Row } from '../data/rows.js';
import type { ActionHandler } from './types.js';
import { newAppSecret, storeAppSecret } from '../gateway/apps.js';
import { tableWritten } from '../services/tableCache.js';
import { audit } from '../data/audit.js';

/**
 * A charge number: CZ + China-time date and time + the log row's id (8 digits), unique by
 * construction; random digits collided when a burst of charges fell in the same second.
 */
function chargeNo(now: Date, id: number): string {
  const china = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `CZ${china}${String(id).padStart(8, '0')}`;
}

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
    const placeholder = `pending-${randomUUID()}`;
    const log = await trx
      .insertInto('cm_charge_log')
      .values({
        partyCode,
        chargeNo: placeholder,
        chargedAt: iso,
        accountType: 'service',
        type,
        amountFen,
        balanceAfterFen,
        channel: type === 'recharge' ? String(body.channel ?? 'bankTransfer') : 'adjust',
        voucherNo: body.voucherNo ?? null,
        remark: body.remark ?? null,
        version: 1,
        createdAt: iso,
        updatedAt: iso,
        createdBy: by,
        updatedBy: by,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('cm_charge_log')
      .set({ chargeNo: chargeNo(at, Number(log.id)) })
      .where('id', '=', log.id)
      .execute();
    return { balanceFen: balanceAfterFen };
  }).finally(() => tableWritten('cm_service_account'));
}

export const customerManageActions: Record<string, ActionHandler> = {
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
