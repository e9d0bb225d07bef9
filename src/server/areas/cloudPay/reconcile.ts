import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { transact } from '../../db/transact.js';
import { tableWritten } from '../../services/tableCache.js';
import type { Row } from '../../data/rows.js';
import type { Selectable } from 'kysely';
import type { CpAccountRow } from '../../db/pageDatabase.generated.js';

const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3_600_000;

export interface Difference {
  bankSerialNo: string | null;
  kind: 'bankOnly' | 'systemOnly' | 'amount' | 'balance';
  direction: 'debit' | 'credit';
  bankFen: number;
  systemFen: number;
  summary: string;
}

export interface DayBooks {
  accountNo: string;
  reconDate: string;
  openingFen: number;
  closingFen: number;
  bankDebitFen: number;
  bankCreditFen: number;
  systemDebitFen: number;
  systemCreditFen: number;
  diffFen: number;
  diffCount: number;
  differences: Difference[];
}

/** The China calendar day of a moment, and the UTC bounds of a China day. */
export const chinaDay = (at: Date) => new Date(at.getTime() + CHINA_MS).toISOString().slice(0, 10);
function bounds(day: string): [string, string] {
  const start = Date.parse(`${day}T00:00:00Z`) - CHINA_MS;
  return [new Date(start).toISOString(), new Date(start + DAY_MS).toISOString()];
}

const n = (v: unknown) => Number(v ?? 0);

/**
 * One account's day: the bank's side is its electronic receipts of the day; the system's side is
 * the payment log (payments debited that day, returns of bounced payments) plus the incoming funds
 * claimed to a business number. Every entry is matched by serial or payment number, so a
 * difference names the entry, not only the amount.
 */
export async function reconcileDay(db: Db, accountNo: string, day: string): Promise<DayBooks> {
  const [from, to] = bounds(day);
  const receipts = await db.selectFrom('cp_receipt').selectAll().where('accountNo', '=', accountNo).where('tradeDate', '=', day).execute();
  const paid = await db
    .selectFrom('cp_payment')
    .selectAll()
    .where('accountNo', '=', accountNo)
    .where('status', 'in', ['success', 'bounced'])
    .where('paidAt', '>=', from)
    .where('paidAt', '<', to)
    .execute();
  const returned = await db
    .selectFrom('cp_payment')
    .selectAll()
    .where('accountNo', '=', accountNo)
    .where('status', '=', 'bounced')
    .where('finishedAt', '>=', from)
    .where('finishedAt', '<', to)
    .execute();
  const before = (t: string) =>
    db
      .selectFrom('cp_balance_log')
      .select('ledgerFen')
      .where('accountNo', '=', accountNo)
      .where('queriedAt', '<', t)
      .orderBy('queriedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  const differences: Difference[] = [];
  const debits = receipts.filter((r) => r.direction === 'debit');
  const credits = receipts.filter((r) => r.direction === 'credit');
  const payNos = new Set([...paid, ...returned].map((p) => String(p.payNo)));
  const bankDebitFen = debits.reduce((s, r) => s + n(r.amountFen) + n(r.feeFen), 0);
  const bankCreditFen = credits.reduce((s, r) => s + n(r.amountFen), 0);
  const systemDebitFen = paid.reduce((s, p) => s + n(p.amountFen) + n(p.feeFen), 0);
  // Incoming funds the system has claimed to a business number; a return is booked by its payment.
  const claimed = credits.filter((r) => r.bizNo && !String(r.bizNo).startsWith('ZF'));
  const systemCreditFen = returned.reduce((s, p) => s + n(p.amountFen), 0) + claimed.reduce((s, r) => s + n(r.amountFen), 0);
  const entry = (r: Row, kind: Difference['kind'], bankFen: number, systemFen: number): Difference => ({
    bankSerialNo: (r.bankSerialNo as string) ?? null,
    kind,
    direction: r.direction as Difference['direction'],
    bankFen,
    systemFen,
    summary: String(r.purpose ?? ''),
  });
  for (const r of debits) {
    const p = paid.find((x) => x.payNo === r.bizNo);
    if (!p) differences.push(entry(r, 'bankOnly', n(r.amountFen) + n(r.feeFen), 0));
    else if (n(p.amountFen) + n(p.feeFen) !== n(r.amountFen) + n(r.feeFen))
      differences.push(entry(r, 'amount', n(r.amountFen) + n(r.feeFen), n(p.amountFen) + n(p.feeFen)));
  }
  for (const r of credits) {
    if (!r.bizNo) differences.push(entry(r, 'bankOnly', n(r.amountFen), 0));
    else if (String(r.bizNo).startsWith('ZF') && !payNos.has(String(r.bizNo))) differences.push(entry(r, 'bankOnly', n(r.amountFen), 0));
  }
  for (const p of paid) {
    if (!debits.some((r) => r.bizNo === p.payNo))
      differences.push({
        bankSerialNo: p.bankSerialNo ?? null,
        kind: 'systemOnly',
        direction: 'debit',
        bankFen: 0,
        systemFen: n(p.amountFen) + n(p.feeFen),
        summary: String(p.purpose ?? ''),
      });
  }
  for (const p of returned) {
    if (!credits.some((r) => r.bizNo === p.payNo))
      differences.push({
        bankSerialNo: null,
        kind: 'systemOnly',
        direction: 'credit',
        bankFen: 0,
        systemFen: n(p.amountFen),
        summary: String(p.failReason ?? ''),
      });
  }
  const openingFen = n((await before(from))?.ledgerFen);
  const closingFen = n((await before(to))?.ledgerFen ?? openingFen);
  // The balance the bank reports at the day's end against what its own entries of the day make of the opening.
  const expectedFen = openingFen + bankCreditFen - bankDebitFen;
  if (closingFen !== expectedFen) {
    differences.push({
      bankSerialNo: null,
      kind: 'balance',
      direction: closingFen > expectedFen ? 'credit' : 'debit',
      bankFen: closingFen,
      systemFen: expectedFen,
      summary: 'closing balance',
    });
  }
  return {
    accountNo,
    reconDate: day,
    openingFen,
    closingFen,
    bankDebitFen,
    bankCreditFen,
    systemDebitFen,
    systemCreditFen,
    diffFen: closingFen - openingFen - (systemCreditFen - systemDebitFen),
    diffCount: differences.length,
    differences,
  };
}

/**
 * The China days of an account still to reconcile, oldest first, up to `until` (exclusive): every
 * day with a bank entry, a payment or a balance report that has no balanced or resolved
 * reconciliation yet (within `lookbackDays`), and the day before `until` whatever it holds.
 */
export async function openDays(db: Db, accountNo: string, until: string, lookbackDays = 92): Promise<string[]> {
  const since = new Date(Date.parse(`${until}T00:00:00Z`) - lookbackDays * DAY_MS).toISOString().slice(0, 10);
  const [sinceAt] = bounds(since);
  const [receipts, payments, reports, closed] = await Promise.all([
    db.selectFrom('cp_receipt').select('tradeDate').distinct().where('accountNo', '=', accountNo).where('tradeDate', '>=', since).execute(),
    db.selectFrom('cp_payment').select('paidAt').where('accountNo', '=', accountNo).where('paidAt', '>=', sinceAt).execute(),
    db.selectFrom('cp_balance_log').select('queriedAt').where('accountNo', '=', accountNo).where('queriedAt', '>=', sinceAt).execute(),
    db
      .selectFrom('cp_reconciliation')
      .select('reconDate')
      .where('accountNo', '=', accountNo)
      .where('status', 'in', ['balanced', 'resolved'])
      .where('reconDate', '>=', since)
      .execute(),
  ]);
  const done = new Set(closed.map((r) => String(r.reconDate)));
  const days = new Set([
    ...receipts.map((r) => String(r.tradeDate)),
    ...payments.map((p) => chinaDay(new Date(String(p.paidAt)))),
    ...reports.map((r) => chinaDay(new Date(String(r.queriedAt)))),
  ]);
  days.add(new Date(Date.parse(`${until}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10));
  return [...days].filter((d) => d >= since && d < until && !done.has(d)).sort();
}

/**
 * Writes the day's reconciliation of an account (one row per account and day). A row an operator
 * has resolved stays resolved while its differences are the same ones.
 */
export async function storeReconciliation(
  ctx: AppContext,
  account: Pick<Selectable<CpAccountRow>, 'accountNo' | 'partyCode'>,
  day: string,
  by: string,
  at = new Date(),
) {
  const books = await reconcileDay(ctx.database.db, String(account.accountNo), day);
  const iso = at.toISOString();
  return transact(ctx.database.db, async (trx) => {
    const old = await trx
      .selectFrom('cp_reconciliation')
      .selectAll()
      .where('accountNo', '=', books.accountNo)
      .where('reconDate', '=', day)
      .executeTakeFirst();
    const differences = JSON.stringify(books.differences);
    const same = old && old.status === 'resolved' && old.differences === differences;
    const values = {
      ...books,
      differences,
      status: books.diffCount ? (same ? 'resolved' : 'unbalanced') : 'balanced',
      reconciledAt: iso,
      updatedAt: iso,
      updatedBy: by,
    };
    if (old)
      await trx
        .updateTable('cp_reconciliation')
        .set({ ...values, version: n(old.version) + 1 })
        .where('id', '=', old.id)
        .execute();
    else
      await trx
        .insertInto('cp_reconciliation')
        .values({ ...values, partyCode: account.partyCode, version: 1, createdAt: iso, createdBy: by })
        .execute();
    return trx
      .selectFrom('cp_reconciliation')
      .selectAll()
      .where('accountNo', '=', books.accountNo)
      .where('reconDate', '=', day)
      .executeTakeFirstOrThrow();
  }).finally(() => tableWritten('cp_reconciliation'));
}
