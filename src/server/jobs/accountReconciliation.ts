import type { AppContext } from '../context.js';
import { translate } from '../i18n/messages.js';
import type { JobHandler } from './types.js';

export interface AccountDifference {
  partyCode: string;
  balanceFen: number;
  expectedFen: number;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * Every service account must equal its recharges − refunds − consumption (the charge and consume
 * logs). The three sums and the balances are read in one transaction, so calls being metered
 * meanwhile (debit and consume-log row commit together) never show as a difference.
 */
export async function serviceAccountDifferences(ctx: AppContext): Promise<{ accounts: number; differences: AccountDifference[] }> {
  let tx = ctx.database.db.transaction();
  // PostgreSQL's default isolation reads each statement's own snapshot; SQLite's transaction is one already.
  if (ctx.database.dialect === 'postgres') tx = tx.setIsolationLevel('repeatable read');
  return tx.execute(async (trx) => {
    const accounts = await trx.selectFrom('cm_service_account').select(['partyCode', 'balanceFen']).execute();
    const charged = await trx.selectFrom('cm_charge_log').select(['partyCode', 'type', (eb) => eb.fn.sum<number>('amountFen').as('fen')])
      .groupBy(['partyCode', 'type']).execute();
    const consumed = await trx.selectFrom('cm_consume_log').select(['partyCode', (eb) => eb.fn.sum<number>('amountFen').as('fen')])
      .groupBy('partyCode').execute();
    const expected = new Map<string, number>();
    const add = (party: unknown, fen: number) => expected.set(String(party), (expected.get(String(party)) ?? 0) + fen);
    for (const c of charged) add(c.partyCode, c.type === 'refund' ? -Number(c.fen) : Number(c.fen));
    for (const c of consumed) add(c.partyCode, -Number(c.fen));
    const differences = accounts
      .map((a) => ({ partyCode: String(a.partyCode), balanceFen: Number(a.balanceFen ?? 0), expectedFen: expected.get(String(a.partyCode)) ?? 0 }))
      .filter((d) => d.balanceFen !== d.expectedFen);
    return { accounts: accounts.length, differences };
  });
}

/** The nightly reconciliation: fails (and so shows in the run history and is retried) when an account does not add up. */
export const accountReconciliation: JobHandler = async (ctx) => {
  if (!ctx.schemas.pages.has('customerManage/serviceAccount')) return { rows: 0 };
  const { accounts, differences } = await serviceAccountDifferences(ctx);
  if (differences.length) {
    // The run history is read by the platform's operators: in the console's first language.
    const lang = 'zh';
    const list = differences.map((d) => translate(lang, 'ops.server.jobs.accountDiffers', { party: d.partyCode, balance: yuan(d.balanceFen), expected: yuan(d.expectedFen) }));
    throw new Error(translate(lang, 'ops.server.jobs.notReconciled', { count: differences.length, list: list.join('; ') }));
  }
  return { rows: accounts };
};
