import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';

/**
 * A charge number: CZ + China-time date and time + the log row's id (8 digits), unique by
 * construction; random digits collided when a burst of charges fell in the same second. Every
 * account (service, order, driver wallet) numbers its movements alike, so one log reads alike.
 */
export function chargeNo(at: Date, id: number): string {
  const china = new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `CZ${china}${String(id).padStart(8, '0')}`;
}

/** What a movement says of itself; the writer adds its number and the system columns. */
export interface ChargeRow {
  partyCode: string;
  accountType: 'service' | 'order' | 'driverWallet';
  accountNo?: string;
  type: string;
  amountFen: number;
  balanceAfterFen: number;
  channel: string;
  /** Free references as the form sent them (already checked by the page's schema); stored as text. */
  voucherNo?: unknown;
  bizNo?: unknown;
  remark?: unknown;
}

const text = (v: unknown) => (v == null ? null : String(v));

/**
 * Writes one row of the charge log, the ledger of every account, inside the caller's transaction
 * (the one that moved the balance). The number needs the row's id, so the row goes in under a
 * unique placeholder first.
 */
export async function writeCharge(trx: Db, row: ChargeRow, by: string, at: Date): Promise<{ id: number; chargeNo: string }> {
  const iso = at.toISOString();
  const log = await trx
    .insertInto('cm_charge_log')
    .values({
      ...row,
      voucherNo: text(row.voucherNo),
      bizNo: text(row.bizNo),
      remark: text(row.remark),
      chargeNo: `pending-${randomUUID()}`,
      chargedAt: iso,
      version: 1,
      createdAt: iso,
      updatedAt: iso,
      createdBy: by,
      updatedBy: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(log.id);
  const no = chargeNo(at, id);
  await trx.updateTable('cm_charge_log').set({ chargeNo: no }).where('id', '=', id).execute();
  return { id, chargeNo: no };
}
