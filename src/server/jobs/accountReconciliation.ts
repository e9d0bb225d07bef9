import type { AppContext } from '../context.js';
import { translate } from '../i18n/messages.js';
import type { JobHandler } from './types.js';
import { driverWalletDifferences } from '../data/driverWallet.js';

export interface AccountDifference {
  partyCode: string;
  balanceFen: number;
  expectedFen: number;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const ORDER = 'pages.customerManage.orderAccount.errors';
const WALLET = 'pages.tms.base.driver.wallet';

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
    // Order (prepayment) accounts write the same log with their account number; they balance on their own.
    const charged = await trx
      .selectFrom('cm_charge_log')
      .select(['partyCode', 'type', (eb) => eb.fn.sum<number>('amountFen').as('fen')])
      .where('accountNo', 'is', null)
      .groupBy(['partyCode', 'type'])
      .execute();
    const consumed = await trx
      .selectFrom('cm_consume_log')
      .select(['partyCode', (eb) => eb.fn.sum<number>('amountFen').as('fen')])
      .groupBy('partyCode')
      .execute();
    const expected = new Map<string, number>();
    const add = (party: unknown, fen: number) => expected.set(String(party), (expected.get(String(party)) ?? 0) + fen);
    for (const c of charged) add(c.partyCode, c.type === 'refund' ? -Number(c.fen) : Number(c.fen));
    for (const c of consumed) add(c.partyCode, -Number(c.fen));
    const differences = accounts
      .map((a) => ({
        partyCode: String(a.partyCode),
        balanceFen: Number(a.balanceFen ?? 0),
        expectedFen: expected.get(String(a.partyCode)) ?? 0,
      }))
      .filter((d) => d.balanceFen !== d.expectedFen);
    return { accounts: accounts.length, differences };
  });
}

export interface OrderAccountDifference extends AccountDifference {
  accountNo: string;
}

/** Every order account must equal its recharges − refunds − deductions in the charge log (its own rows: driver wallets write the same log), read in one snapshot. */
export async function orderAccountDifferences(ctx: AppContext): Promise<{ accounts: number; differences: OrderAccountDifference[] }> {
  if (!ctx.schemas.pages.has('customerManage/orderAccount')) return { accounts: 0, differences: [] };
  let tx = ctx.database.db.transaction();
  if (ctx.database.dialect === 'postgres') tx = tx.setIsolationLevel('repeatable read');
  return tx.execute(async (trx) => {
    const accounts = await trx.selectFrom('cm_order_account').select(['partyCode', 'accountNo', 'balanceFen']).execute();
    const moved = await trx
      .selectFrom('cm_charge_log')
      .select(['accountNo', 'type', (eb) => eb.fn.sum<number>('amountFen').as('fen')])
      .where('accountType', '=', 'order')
      .groupBy(['accountNo', 'type'])
      .execute();
    const expected = new Map<string, number>();
    for (const m of moved) {
      const fen = m.type === 'recharge' ? Number(m.fen) : -Number(m.fen);
      expected.set(String(m.accountNo), (expected.get(String(m.accountNo)) ?? 0) + fen);
    }
    const differences = accounts
      .map((a) => ({
        partyCode: String(a.partyCode),
        accountNo: String(a.accountNo),
        balanceFen: Number(a.balanceFen ?? 0),
        expectedFen: expected.get(String(a.accountNo)) ?? 0,
      }))
      .filter((d) => d.balanceFen !== d.expectedFen);
    return { accounts: accounts.length, differences };
  });
}

/** The nightly reconciliation: fails (and so shows in the run history and is retried) when an account does not add up. */
export const accountReconciliation: JobHandler = async (ctx) => {
  if (!ctx.schemas.pages.has('customerManage/serviceAccount')) return { rows: 0 };
  const { accounts, differences } = await serviceAccountDifferences(ctx);
  const orders = await orderAccountDifferences(ctx);
  // The run history is read by the platform's operators: in the console's first language.
  const lang = 'zh';
  const problems: string[] = [];
  if (differences.length) {
    const list = differences.map((d) =>
      translate(lang, 'ops.server.jobs.accountDiffers', { party: d.partyCode, balance: yuan(d.balanceFen), expected: yuan(d.expectedFen) }),
    );
    problems.push(translate(lang, 'ops.server.jobs.notReconciled', { count: differences.length, list: list.join('; ') }));
  }
  if (orders.differences.length) {
    const list = orders.differences.map((d) =>
      translate(lang, `${ORDER}.accountDiffers`, {
        account: d.accountNo,
        party: d.partyCode,
        balance: yuan(d.balanceFen),
        expected: yuan(d.expectedFen),
      }),
    );
    problems.push(translate(lang, `${ORDER}.notReconciled`, { count: orders.differences.length, list: list.join('; ') }));
  }
  // Driver wallets: every loan and withdrawal is a ledger row, so each balance is its rows' sum.
  const wallets = ctx.schemas.pages.has('tms/base/driver')
    ? await driverWalletDifferences(ctx.database.db, ctx.database.dialect)
    : { accounts: 0, differences: [] };
  if (wallets.differences.length) {
    const list = wallets.differences.map((d) =>
      translate(lang, `${WALLET}.differs`, {
        wallet: d.walletNo,
        party: d.partyCode,
        balance: yuan(d.balanceFen),
        expected: yuan(d.expectedFen),
      }),
    );
    problems.push(translate(lang, `${WALLET}.notReconciled`, { count: wallets.differences.length, list: list.join('; ') }));
  }
  if (problems.length) throw new Error(problems.join(' '));
  return { rows: accounts + orders.accounts + wallets.accounts };
};
