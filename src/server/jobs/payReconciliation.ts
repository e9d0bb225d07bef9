import type { JobHandler } from './types.js';
import { chinaDay, storeReconciliation } from '../cloudPay/reconcile.js';
import { settlePayment } from '../cloudPay/payments.js';

const DAY_MS = 86_400_000;

/**
 * Each night, yesterday's (China time) bank entries of every open account against the system's
 * records. A day that does not balance is not a failed run: its differences are listed on the
 * reconciliation page for finance to resolve.
 */
export const payReconciliation: JobHandler = async (ctx, { now, log }) => {
  if (!ctx.schemas.pages.has('cloudPay/reconciliation')) return { rows: 0 };
  const day = chinaDay(new Date(now.getTime() - DAY_MS));
  const accounts = await ctx.database.db.selectFrom('cp_account').selectAll().where('status', '!=', 'closed').execute();
  let unbalanced = 0;
  for (const account of accounts) {
    const row = await storeReconciliation(ctx, account, day, 'system', now);
    if (row.status === 'unbalanced') unbalanced++;
  }
  log(`${day}: ${accounts.length} accounts, ${unbalanced} unbalanced`);
  return { rows: accounts.length };
};

/** Asks the bank for the result of every payment still processing (oldest first). */
export const paymentStatusSync: JobHandler = async (ctx, { now, log }) => {
  if (!ctx.schemas.pages.has('cloudPay/paymentLog')) return { rows: 0 };
  const pending = await ctx.database.db.selectFrom('cp_payment').select('payNo').where('status', '=', 'processing').orderBy('submittedAt').execute();
  let settled = 0;
  for (const p of pending) {
    try {
      await settlePayment(ctx, 'system', String(p.payNo), now);
      settled++;
    } catch (err) {
      // Settled meanwhile by a user's query: nothing left to do for it.
      log(`${String(p.payNo)}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { rows: settled };
};
