import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { badRequest, conflict, providerRefused } from '../../errors.js';
import { transact } from '../../db/transact.js';
import { receiptVerifyCode, submitTransfer, transferResult } from '../../connectors/bank/transfer.js';
import { tableWritten } from '../../services/tableCache.js';
import type { Row } from '../../data/rows.js';
import { checkLink, settlementLink, waybillLink } from '../../data/chainLinks.js';
import type { Selectable } from 'kysely';
import type { CpAccountRow, CpPaymentRow } from '../../db/pageDatabase.generated.js';

const M = 'pages.cloudPay.messages';
const yuan = (fen: number) => (fen / 100).toFixed(2);
const CHINA_MS = 8 * 3_600_000;
const chinaStamp = (at: Date) => new Date(at.getTime() + CHINA_MS).toISOString().replace(/\D/g, '').slice(0, 14);

function stamp(by: string, at: Date) {
  const iso = at.toISOString();
  return { version: 1, createdAt: iso, updatedAt: iso, createdBy: by, updatedBy: by };
}

export interface PaymentOrder {
  accountNo: string;
  payeeName: string;
  payeeAccount: string;
  payeeBank: string;
  payeeCnaps: string;
  payeeRegion?: string[] | null;
  amountFen: number;
  bizType: string;
  bizNo?: string | null;
  purpose: string;
}

/**
 * Sends a payment to the bank: the amount and the bank's fee are frozen on the payer account and
 * the payment is recorded as processing, in one transaction. `party` limits the payer account to
 * one organisation (a customer's own); null for platform staff.
 */
export async function submitPayment(ctx: AppContext, by: string, party: string | null, order: PaymentOrder, at = new Date()): Promise<Row> {
  return transact(ctx.database.db, async (trx) => {
    let q = trx.selectFrom('cp_account').selectAll().where('accountNo', '=', order.accountNo);
    if (party) q = q.where('partyCode', '=', party);
    const account = await q.executeTakeFirst();
    if (!account)
      throw badRequest(
        `${M}.accountNotFound`,
        { account: order.accountNo },
        { fieldErrors: { accountNo: { key: `${M}.accountNotFound`, params: { account: order.accountNo } } } },
      );
    if (account.status !== 'active') throw conflict(`${M}.accountInactive`, { account: order.accountNo });
    if (order.payeeAccount === account.accountNo)
      throw badRequest(`${M}.samePayee`, {}, { fieldErrors: { payeeAccount: { key: `${M}.samePayee` } } });
    // A freight payment pays a settlement of the payer's organisation, never more than it still owes; an advance or fuel card names its waybill.
    const doc = 'pages.cloudPay.paymentLog.title';
    if (order.bizType === 'freight')
      await checkLink(trx, settlementLink(doc, 'bizNo', order.bizNo, String(account.partyCode), order.amountFen));
    else if (order.bizType === 'advance' || order.bizType === 'fuelCard')
      await checkLink(trx, waybillLink(doc, 'bizNo', order.bizNo, String(account.partyCode)));
    const placeholder = `ZF${String(Date.now()).slice(-8)}${randomUUID().replace(/\D/g, '').slice(0, 6)}`;
    const accepted = submitTransfer({ ...order, payNo: placeholder, payerAccount: account.accountNo, payerCnaps: account.cnapsCode });
    if (!accepted.ok) throw providerRefused(`${M}.bankRefused`, { reason: accepted.message });
    const feeFen = Number(accepted.data.feeFen);
    const need = order.amountFen + feeFen;
    // Conditional on the available balance, so concurrent payments can never overdraw the account.
    const frozen = await trx
      .updateTable('cp_account')
      .set((eb) => ({
        frozenFen: eb(eb.fn.coalesce('frozenFen', eb.val(0)), '+', need),
        availableFen: eb('availableFen', '-', need),
        updatedAt: at.toISOString(),
        updatedBy: by,
      }))
      .where('id', '=', account.id)
      .where('availableFen', '>=', need)
      .returning(['availableFen'])
      .executeTakeFirst();
    if (!frozen) throw conflict(`${M}.insufficient`, { available: yuan(Number(account.availableFen ?? 0)), needed: yuan(need) });
    const row = await trx
      .insertInto('cp_payment')
      .values({
        partyCode: account.partyCode,
        payNo: placeholder,
        bizType: order.bizType,
        bizNo: order.bizNo ?? null,
        accountNo: account.accountNo,
        payeeName: order.payeeName,
        payeeAccount: order.payeeAccount,
        payeeBank: order.payeeBank,
        payeeCnaps: order.payeeCnaps,
        payeeRegion: order.payeeRegion?.length ? JSON.stringify(order.payeeRegion) : null,
        amountFen: order.amountFen,
        feeFen,
        purpose: order.purpose,
        status: 'processing',
        submittedAt: at.toISOString(),
        ...stamp(by, at),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payNo = `ZF${chinaStamp(at)}${String(row.id).padStart(6, '0')}`;
    await trx.updateTable('cp_payment').set({ payNo }).where('id', '=', row.id).execute();
    return { ...(await trx.selectFrom('cp_payment').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) };
  }).finally(() => {
    tableWritten('cp_account');
    tableWritten('cp_payment');
  });
}

interface Entry {
  direction: 'debit' | 'credit';
  serial: string;
  amountFen: number;
  feeFen: number;
  purpose: string;
}

/** One bank entry: its electronic receipt and the balance-log row, the ledger moved by the same amount. */
async function book(trx: Db, account: Selectable<CpAccountRow>, payment: Selectable<CpPaymentRow>, e: Entry, by: string, at: Date) {
  const change = e.direction === 'debit' ? -(e.amountFen + e.feeFen) : e.amountFen;
  const moved = await trx
    .updateTable('cp_account')
    .set((eb) => ({
      ledgerFen: eb(eb.fn.coalesce('ledgerFen', eb.val(0)), '+', change),
      availableFen: eb('availableFen', '+', change),
      updatedAt: at.toISOString(),
      updatedBy: by,
    }))
    .where('id', '=', account.id)
    .returning(['ledgerFen', 'availableFen'])
    .executeTakeFirstOrThrow();
  const own = { name: account.accountName, account: account.accountNo, bank: account.branchName ?? account.bankName };
  const other = { name: payment.payeeName, account: payment.payeeAccount, bank: payment.payeeBank };
  const [payer, payee] = e.direction === 'debit' ? [own, other] : [other, own];
  const receiptNo = `HD${e.serial.slice(-14)}`;
  const day = new Date(at.getTime() + CHINA_MS).toISOString().slice(0, 10);
  await trx
    .insertInto('cp_receipt')
    .values({
      partyCode: account.partyCode,
      receiptNo,
      bankSerialNo: e.serial,
      accountNo: account.accountNo,
      tradeDate: day,
      tradeAt: at.toISOString(),
      direction: e.direction,
      payerName: payer.name,
      payerAccount: payer.account,
      payerBank: payer.bank,
      payeeName: payee.name,
      payeeAccount: payee.account,
      payeeBank: payee.bank,
      amountFen: e.amountFen,
      feeFen: e.feeFen,
      purpose: e.purpose,
      bizNo: payment.payNo,
      verifyCode: receiptVerifyCode(receiptNo),
      ...stamp(by, at),
    })
    .execute();
  await trx
    .insertInto('cp_balance_log')
    .values({
      partyCode: account.partyCode,
      accountNo: account.accountNo,
      queriedAt: at.toISOString(),
      kind: e.direction,
      changeFen: change,
      ledgerFen: moved.ledgerFen,
      availableFen: moved.availableFen,
      bankSerialNo: e.serial,
      source: account.directConnect ? 'directConnect' : 'manual',
      ...stamp(by, at),
    })
    .execute();
  await trx
    .insertInto('cp_receipt_log')
    .values({
      partyCode: account.partyCode,
      fetchedAt: at.toISOString(),
      accountNo: account.accountNo,
      receiptNo,
      bankSerialNo: e.serial,
      channel: account.directConnect ? 'directConnect' : 'manualUpload',
      result: 'success',
      message: '回单已获取，验证码校验通过',
      ...stamp(by, at),
    })
    .execute();
}

/**
 * Asks the bank for a processing payment's result and books it: success debits amount and fee;
 * a bounce debits, then credits the amount back (the fee stays with the bank); a failure only
 * releases the frozen money. The payment leaves "processing" once, whoever asks first.
 */
export async function settlePayment(ctx: AppContext, by: string, payNo: string, at = new Date()): Promise<Row> {
  return transact(ctx.database.db, async (trx) => {
    const payment = await trx.selectFrom('cp_payment').selectAll().where('payNo', '=', payNo).executeTakeFirstOrThrow();
    if (payment.status !== 'processing') throw conflict(`${M}.notProcessing`, { payNo });
    const answer = transferResult({
      payNo,
      payeeAccount: payment.payeeAccount,
      payerCnaps: (await trx.selectFrom('cp_account').select('cnapsCode').where('accountNo', '=', payment.accountNo).executeTakeFirst())
        ?.cnapsCode,
    });
    if (!answer.ok) throw providerRefused(`${M}.bankRefused`, { reason: answer.message });
    const { outcome, debitSerial, returnSerial, reason } = answer.data as Record<string, string>;
    const iso = at.toISOString();
    // Claim the payment first: a concurrent query finds it no longer processing and books nothing.
    const claimed = await trx
      .updateTable('cp_payment')
      .set({
        status: outcome,
        bankSerialNo: debitSerial ?? null,
        paidAt: outcome === 'failed' ? null : iso,
        finishedAt: iso,
        failReason: reason ?? null,
        updatedAt: iso,
        updatedBy: by,
      })
      .where('id', '=', payment.id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict(`${M}.notProcessing`, { payNo });
    const amount = Number(payment.amountFen);
    const fee = Number(payment.feeFen ?? 0);
    const accountNow = () => trx.selectFrom('cp_account').selectAll().where('accountNo', '=', payment.accountNo).executeTakeFirstOrThrow();
    // The frozen money is released in every outcome; what the bank moved is booked below.
    await trx
      .updateTable('cp_account')
      .set((eb) => ({ frozenFen: eb('frozenFen', '-', amount + fee), availableFen: eb('availableFen', '+', amount + fee) }))
      .where('accountNo', '=', payment.accountNo)
      .execute();
    if (outcome !== 'failed')
      await book(
        trx,
        await accountNow(),
        payment,
        { direction: 'debit', serial: debitSerial, amountFen: amount, feeFen: fee, purpose: String(payment.purpose) },
        by,
        at,
      );
    if (outcome === 'bounced') {
      await book(
        trx,
        await accountNow(),
        payment,
        { direction: 'credit', serial: returnSerial, amountFen: amount, feeFen: 0, purpose: `退票退回：${payment.purpose}` },
        by,
        at,
      );
    }
    return trx.selectFrom('cp_payment').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
  }).finally(() => {
    for (const t of ['cp_account', 'cp_payment', 'cp_receipt', 'cp_balance_log', 'cp_receipt_log']) tableWritten(t);
  });
}
