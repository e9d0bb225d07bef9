import type { AppContext } from '../../context.js';
import type { Row } from '../../data/rows.js';
import { freightDataset, PLATFORM_BANK } from '../../demo/freight.js';

/**
 * The cloud-pay side of the freight chain: every remittance paid by cloud pay within the cloud-pay
 * books' window is a payment from its organisation's cloud-pay account (business no. = its
 * settlement no., the same bank serial), with the bank's electronic receipt and the balance-log
 * entry. The account pays while its balance allows; a remittance it could not cover, or paid
 * before the window, went by bank transfer from the platform's account. Hand-written example
 * freight payments that name no settlement are left out, example advances are paid against a real
 * waybill of their organisation, and each account's balance log is chained again
 * (ledger = previous + change) in time order. Runs before the freight tables are written, so the
 * remittances it changes are stored as changed.
 */
const ACCOUNTS: Record<string, { accountNo: string; name: string; bank: string; source: string }> = {
  C1001: {
    accountNo: '1001244309300012345',
    name: '华东智运物流有限公司',
    bank: '中国工商银行上海浦东分行营业部',
    source: 'directConnect',
  },
  C1002: { accountNo: '51050142620800001234', name: '西南通达供应链有限公司', bank: '中国建设银行成都武侯支行', source: 'manual' },
};
const PLATFORM_ACCOUNT = '31050161373600002175';
const WINDOW_MS = 28 * 86_400_000;
const CHINA_MS = 8 * 3_600_000;
const FEE_FEN = 500;
const iso = (t: number) => new Date(t).toISOString();
const chinaDay = (t: number) => new Date(t + CHINA_MS).toISOString().slice(0, 10);
const stamp = (t: number) => ({ version: 1, createdAt: iso(t), updatedAt: iso(t), createdBy: 'system', updatedBy: 'system' });

export async function cloudPayChain(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  const now = Date.now();
  const settlements = new Set(freightDataset(ctx).tables['tms/settlement/settlement'].map((s) => String(s.settlementNo)));
  // Example payments of the page's own demo rows that name no settlement: out, with their receipts and balance entries.
  const orphans = (
    await db
      .selectFrom('cp_payment')
      .select(['payNo', 'bankSerialNo', 'bizNo'])
      .where('bizType', '=', 'freight')
      .where('status', '=', 'success')
      .execute()
  ).filter((p) => !settlements.has(String(p.bizNo)));
  for (const p of orphans) {
    await db.deleteFrom('cp_receipt').where('bizNo', '=', String(p.payNo)).execute();
    if (p.bankSerialNo) await db.deleteFrom('cp_balance_log').where('bankSerialNo', '=', String(p.bankSerialNo)).execute();
    await db.deleteFrom('cp_payment').where('payNo', '=', String(p.payNo)).execute();
  }

  // The page's example advance and fuel-card payments are paid against a real waybill of their organisation (its latest with an advance).
  const withAdvance = freightDataset(ctx)
    .tables['tms/waybill/waybill'].filter((w) => Number(w.advanceFen ?? 0) > 0 && w.status !== 'cancelled')
    .sort((a, b) => String(b.waybillNo).localeCompare(String(a.waybillNo)));
  const waybillNos = new Set(freightDataset(ctx).tables['tms/waybill/waybill'].map((w) => String(w.waybillNo)));
  const advances = await db
    .selectFrom('cp_payment')
    .select(['id', 'partyCode', 'bizNo'])
    .where('bizType', 'in', ['advance', 'fuelCard'])
    .orderBy('id')
    .execute();
  for (const [i, p] of advances.entries()) {
    if (waybillNos.has(String(p.bizNo))) continue;
    const own = withAdvance.filter((w) => w.partyCode === p.partyCode);
    if (own.length)
      await db
        .updateTable('cp_payment')
        .set({ bizNo: String(own[i % own.length].waybillNo) })
        .where('id', '=', Number(p.id))
        .execute();
  }

  const balance = new Map<string, number>();
  for (const { accountNo } of Object.values(ACCOUNTS)) {
    const rows = await db
      .selectFrom('cp_balance_log')
      .select(['changeFen', 'kind', 'ledgerFen'])
      .where('accountNo', '=', accountNo)
      .orderBy('queriedAt')
      .orderBy('id')
      .execute();
    balance.set(
      accountNo,
      rows.reduce((b, r) => (r.kind === 'opening' ? Number(r.ledgerFen) : b + Number(r.changeFen ?? 0)), 0),
    );
  }
  const remits = freightDataset(ctx)
    .tables['tms/Carrier/Approval'].filter((r) => r.status === 'paid' && r.paymentMethod === 'cloudPay')
    .sort((a, b) => String(a.paidAt).localeCompare(String(b.paidAt)));
  const payments: Row[] = [];
  const receipts: Row[] = [];
  const entries: Row[] = [];
  for (const r of remits) {
    const account = ACCOUNTS[String(r.partyCode)];
    const paidAt = Date.parse(String(r.paidAt));
    const need = Number(r.amountFen) + FEE_FEN;
    if (!account || paidAt < now - WINDOW_MS || paidAt > now || (balance.get(account.accountNo) ?? 0) < need) {
      Object.assign(r, { paymentMethod: 'bankTransfer', payerAccount: PLATFORM_ACCOUNT, payerBank: PLATFORM_BANK });
      continue;
    }
    balance.set(account.accountNo, balance.get(account.accountNo)! - need);
    r.payerAccount = account.accountNo;
    r.payerBank = account.bank;
    const serial = String(r.bankSerialNo);
    const payNo = `ZF${new Date(paidAt + CHINA_MS).toISOString().replace(/\D/g, '').slice(0, 14)}${String(payments.length + 1).padStart(6, '0')}`;
    const payee = { payeeName: r.payeeName, payeeAccount: r.corporateAccountNo ?? r.bankCard, payeeBank: r.bankName };
    payments.push({
      partyCode: r.partyCode,
      payNo,
      bizType: 'freight',
      bizNo: r.settlementNo,
      accountNo: account.accountNo,
      ...payee,
      payeeCnaps: r.cnapsCode,
      payeeRegion: null,
      amountFen: r.amountFen,
      feeFen: FEE_FEN,
      purpose: '运费',
      status: 'success',
      submittedAt: iso(paidAt - 120_000),
      bankSerialNo: serial,
      paidAt: iso(paidAt),
      finishedAt: iso(paidAt),
      ...stamp(paidAt - 120_000),
    });
    receipts.push({
      partyCode: r.partyCode,
      receiptNo: `HD${serial.slice(-14)}`,
      bankSerialNo: serial,
      accountNo: account.accountNo,
      tradeDate: chinaDay(paidAt),
      tradeAt: iso(paidAt),
      direction: 'debit',
      payerName: account.name,
      payerAccount: account.accountNo,
      payerBank: account.bank,
      ...payee,
      amountFen: r.amountFen,
      feeFen: FEE_FEN,
      purpose: '运费',
      bizNo: payNo,
      verifyCode: serial.slice(-12).replace(/(\d{4})(?=\d)/g, '$1-'),
      ...stamp(paidAt),
    });
    entries.push({
      partyCode: r.partyCode,
      accountNo: account.accountNo,
      queriedAt: iso(paidAt),
      kind: 'debit',
      changeFen: -need,
      ledgerFen: null,
      availableFen: null,
      bankSerialNo: serial,
      source: account.source,
      ...stamp(paidAt),
    });
  }
  for (const [table, rows] of [
    ['cp_payment', payments],
    ['cp_receipt', receipts],
    ['cp_balance_log', entries],
  ] as const) {
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto(table)
        .values(rows.slice(i, i + 200))
        .execute();
  }
  await rechain(ctx);
  return payments.length;
}

/** Each account's balance log in time order: ledger = previous + change from its opening, written where it differs. */
async function rechain(ctx: AppContext) {
  const db = ctx.database.db;
  const rows = await db
    .selectFrom('cp_balance_log')
    .select(['id', 'accountNo', 'kind', 'changeFen', 'ledgerFen', 'availableFen'])
    .orderBy('accountNo')
    .orderBy('queriedAt')
    .orderBy('id')
    .execute();
  let account = '';
  let ledger = 0;
  for (const r of rows) {
    if (r.accountNo !== account) [account, ledger] = [String(r.accountNo), 0];
    ledger = r.kind === 'opening' ? Number(r.ledgerFen) : ledger + Number(r.changeFen ?? 0);
    // What was frozen at the time (ledger − available) stays as it was.
    const frozen = r.ledgerFen === null ? 0 : Number(r.ledgerFen) - Number(r.availableFen ?? r.ledgerFen);
    if (r.ledgerFen === null || Number(r.ledgerFen) !== ledger)
      await db
        .updateTable('cp_balance_log')
        .set({ ledgerFen: ledger, availableFen: ledger - frozen })
        .where('id', '=', Number(r.id))
        .execute();
  }
}
