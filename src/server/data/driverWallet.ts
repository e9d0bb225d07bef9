import { writeCharge } from './chargeLog.js';
import type { Db } from '../db/connect.js';
import { badRequest } from '../errors.js';
import { checkLink, waybillLink } from './chainLinks.js';
import { tableWritten } from '../services/tableCache.js';

/**
 * A driver's wallet: the balance (`walletFen`) on the driver's record, moved only together with a
 * row of the charge log (account type `driverWallet`, the same ledger the order and service accounts
 * write), so the balance is always its loans (credits) less its withdrawals (debits), to the fen.
 * Money paid to a driver outside a waybill's settlement comes from here (docs/DOMAIN-MONEY.md).
 */
export type WalletMovement = 'loan' | 'withdraw';

const E = 'pages.tms.base.driver.wallet';
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The wallet's number: QB and the driver record's id, so it exists for every driver without a separate sequence. */
export const walletNoOf = (driverId: unknown) => `QB${String(driverId).padStart(12, '0')}`;

export interface WalletMove {
  driverIdcard: string;
  partyCode: string;
  type: WalletMovement;
  amountFen: number;
  /** The transfer request moving the money, and the bank serial of the transfer where there is one. */
  applyNo: string;
  bankSerialNo?: string | null;
  /** A loan names the waybill it was lent against. */
  waybillNo?: string | null;
  at?: Date;
}

/**
 * Moves one loan or withdrawal through the driver's wallet inside the caller's transaction. A
 * withdrawal leaves only through a conditional UPDATE that keeps the balance at zero or above, so
 * concurrent withdrawals can never overdraw it (on PostgreSQL the second waits for the first's row
 * lock and then re-reads the balance); short, it is refused naming the wallet and the shortfall.
 */
export async function moveDriverWallet(trx: Db, by: string, move: WalletMove): Promise<{ walletNo: string; balanceFen: number }> {
  const at = move.at ?? new Date();
  const driver = await trx
    .selectFrom('tms_driver')
    .select(['id', 'name', 'partyCode', 'walletNo', 'walletFen'])
    .where('idcard', '=', move.driverIdcard)
    .executeTakeFirst();
  if (!driver || driver.partyCode !== move.partyCode) {
    throw badRequest(
      `${E}.noDriver`,
      { apply: move.applyNo },
      { fieldErrors: { driverIdcard: { key: `${E}.noDriver`, params: { apply: move.applyNo } } } },
    );
  }
  const walletNo = String(driver.walletNo ?? walletNoOf(driver.id));
  if (move.type === 'loan') {
    await checkLink(trx, waybillLink('pages.tms.account.LoanList.title', 'waybillNo', move.waybillNo, move.partyCode));
  }
  const amountFen = move.amountFen;
  let q = trx
    .updateTable('tms_driver')
    .set((eb) => ({ walletNo, walletFen: eb(eb.fn.coalesce('walletFen', eb.val(0)), move.type === 'loan' ? '+' : '-', amountFen) }))
    .where('id', '=', driver.id);
  if (move.type === 'withdraw') q = q.where((eb) => eb(eb.fn.coalesce('walletFen', eb.val(0)), '>=', amountFen));
  const row = await q.returning(['walletFen']).executeTakeFirst();
  if (!row) {
    const now = await trx.selectFrom('tms_driver').select('walletFen').where('id', '=', driver.id).executeTakeFirst();
    const balance = Number(now?.walletFen ?? 0);
    const params = {
      wallet: walletNo,
      driver: String(driver.name),
      balance: yuan(balance),
      amount: yuan(amountFen),
      shortfall: yuan(amountFen - balance),
    };
    throw badRequest(`${E}.short`, params, { fieldErrors: { amountFen: { key: `${E}.short`, params } } });
  }
  const balanceAfterFen = Number(row.walletFen);
  await writeCharge(
    trx,
    {
      partyCode: move.partyCode,
      accountType: 'driverWallet',
      accountNo: walletNo,
      type: move.type,
      amountFen,
      balanceAfterFen,
      channel: move.type === 'withdraw' ? 'bankTransfer' : 'adjust',
      // A loan's business number is its waybill (the chain joins on it); a withdrawal's is its request.
      voucherNo: move.type === 'withdraw' ? (move.bankSerialNo ?? move.applyNo) : move.applyNo,
      bizNo: move.type === 'loan' ? move.waybillNo : move.applyNo,
      remark: move.applyNo,
    },
    by,
    at,
  );
  tableWritten('tms_driver');
  return { walletNo, balanceFen: balanceAfterFen };
}

export interface WalletDifference {
  walletNo: string;
  partyCode: string;
  balanceFen: number;
  expectedFen: number;
}

/** Every driver's wallet must equal its loans less its withdrawals in the charge log; read in one snapshot. */
export async function driverWalletDifferences(db: Db, dialect: string): Promise<{ accounts: number; differences: WalletDifference[] }> {
  let tx = db.transaction();
  if (dialect === 'postgres') tx = tx.setIsolationLevel('repeatable read');
  return tx.execute(async (trx) => {
    const drivers = await trx.selectFrom('tms_driver').select(['id', 'partyCode', 'walletNo', 'walletFen']).execute();
    const moved = await trx
      .selectFrom('cm_charge_log')
      .select(['accountNo', 'type', (eb) => eb.fn.sum<number>('amountFen').as('fen')])
      .where('accountType', '=', 'driverWallet')
      .groupBy(['accountNo', 'type'])
      .execute();
    const expected = new Map<string, number>();
    for (const m of moved)
      expected.set(String(m.accountNo), (expected.get(String(m.accountNo)) ?? 0) + (m.type === 'loan' ? 1 : -1) * Number(m.fen));
    const differences = drivers
      .map((d) => {
        const walletNo = String(d.walletNo ?? walletNoOf(d.id));
        return { walletNo, partyCode: String(d.partyCode), balanceFen: Number(d.walletFen ?? 0), expectedFen: expected.get(walletNo) ?? 0 };
      })
      .filter((d) => d.balanceFen !== d.expectedFen);
    // Ledger rows of a wallet no driver holds are a difference too (the money moved, the balance is nowhere).
    const held = new Set(drivers.map((d) => String(d.walletNo ?? walletNoOf(d.id))));
    for (const [walletNo, fen] of expected)
      if (!held.has(walletNo)) differences.push({ walletNo, partyCode: '', balanceFen: 0, expectedFen: fen });
    return { accounts: drivers.length, differences };
  });
}
