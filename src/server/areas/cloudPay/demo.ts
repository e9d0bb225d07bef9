import type { AppContext } from '../../context.js';
import type { DemoGenerator } from '../../db/demoGenerators.js';
import { chinaDay, storeReconciliation } from './reconcile.js';
import { cloudPayChain } from './demoChain.js';

const CHINA_MS = 8 * 3_600_000;

/**
 * Cloud-pay figures that follow from the demo rows rather than being written beside them: an
 * account's balances from its balance log and processing payments, and each past day's
 * reconciliation from the receipts and payments, computed by the reconciliation job's own code.
 */
const accountBalances: DemoGenerator = async (ctx: AppContext) => {
  const db = ctx.database.db;
  // The freight remittances paid by cloud pay first: their payments, receipts and balance entries.
  await cloudPayChain(ctx);
  const accounts = await db.selectFrom('cp_account').select(['id', 'accountNo']).execute();
  for (const a of accounts) {
    const last = await db
      .selectFrom('cp_balance_log')
      .select('ledgerFen')
      .where('accountNo', '=', a.accountNo)
      .orderBy('queriedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const frozen = await db
      .selectFrom('cp_payment')
      .select((eb) => eb.fn.sum<number>(eb('amountFen', '+', eb.ref('feeFen'))).as('fen'))
      .where('accountNo', '=', a.accountNo)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    const ledgerFen = Number(last?.ledgerFen ?? 0);
    const frozenFen = Number(frozen?.fen ?? 0);
    await db
      .updateTable('cp_account')
      .set({ ledgerFen, frozenFen, availableFen: ledgerFen - frozenFen })
      .where('id', '=', a.id)
      .execute();
  }
  return accounts.length;
};

/** A day's bank fee with nothing else wrong is what finance typically books and closes. */
const FEE_NOTE = '银行收取的账户管理费，已在财务系统补记手续费支出';

const reconciliations: DemoGenerator = async (ctx: AppContext) => {
  const db = ctx.database.db;
  const today = chinaDay(new Date());
  const accounts = await db.selectFrom('cp_account').selectAll().execute();
  let rows = 0;
  for (const account of accounts) {
    const receiptDays = await db
      .selectFrom('cp_receipt')
      .select('tradeDate')
      .distinct()
      .where('accountNo', '=', account.accountNo)
      .execute();
    const paidAt = await db
      .selectFrom('cp_payment')
      .select('paidAt')
      .where('accountNo', '=', account.accountNo)
      .where('paidAt', 'is not', null)
      .execute();
    const days = new Set([...receiptDays.map((r) => String(r.tradeDate)), ...paidAt.map((p) => chinaDay(new Date(String(p.paidAt))))]);
    for (const day of [...days].filter((d) => d < today).sort()) {
      // As the nightly job would have run it: at 01:30 China time the next day.
      const at = new Date(Date.parse(`${day}T01:30:00Z`) - CHINA_MS + 86_400_000);
      const row = await storeReconciliation(ctx, account, day, 'system', at);
      const diffs = JSON.parse(String(row.differences ?? '[]')) as { kind: string; direction: string; summary: string }[];
      if (diffs.length && diffs.every((d) => d.kind === 'bankOnly' && d.direction === 'debit' && d.summary.includes('管理费'))) {
        await db.updateTable('cp_reconciliation').set({ status: 'resolved', handledRemark: FEE_NOTE }).where('id', '=', row.id).execute();
      }
      rows++;
    }
  }
  return rows;
};

export const cloudPayGenerators: Record<string, DemoGenerator> = {
  'cloudPay/account': accountBalances,
  'cloudPay/reconciliation': reconciliations,
};
