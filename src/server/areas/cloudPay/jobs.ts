import type { JobHandler } from '../../jobs/types.js';
import { chinaDay, openDays, storeReconciliation } from './reconcile.js';
import { settlePayment } from './payments.js';

const DAY_MS = 86_400_000;

/**
 * Each night, per open account, every day (China time) not yet balanced, yesterday included: the
 * bank's entries and reported balance against the system's records. A day that does not balance is
 * not a failed run: its differences are listed on the reconciliation page for finance to resolve,
 * and it is looked at again the next night until it balances or is resolved.
 */
export const payReconciliation: JobHandler = async (ctx, { now, log }) => {
  if (!ctx.schemas.pages.has('cloudPay/reconciliation')) return { rows: 0 };
  const today = chinaDay(now);
  const accounts = await ctx.database.db.selectFrom('cp_account').selectAll().where('status', '!=', 'closed').execute();
  let rows = 0;
  let unbalanced = 0;
  for (const account of accounts) {
    for (const day of await openDays(ctx.database.db, String(account.accountNo), today)) {
      const row = await storeReconciliation(ctx, account, day, 'system', now);
      rows++;
      if (row.status === 'unbalanced') unbalanced++;
    }
  }
  log(`${accounts.length} accounts, ${rows} days reconciled up to ${chinaDay(new Date(now.getTime() - DAY_MS))}, ${unbalanced} unbalanced`);
  return { rows };
};

/** Asks the bank for the result of every payment still processing (oldest first). */
export const paymentStatusSync: JobHandler = async (ctx, { now, log }) => {
  if (!ctx.schemas.pages.has('cloudPay/paymentLog')) return { rows: 0 };
  const pending = await ctx.database.db
    .selectFrom('cp_payment')
    .select('payNo')
    .where('status', '=', 'processing')
    .orderBy('submittedAt')
    .execute();
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
