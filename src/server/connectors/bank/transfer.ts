import { createHash } from 'node:crypto';
import type { CallResult } from '../types.js';
import { failure, success } from '../types.js';
import { str } from '../sandbox.js';

/**
 * The sandbox bank's corporate transfers (银企直连 payments). Outcomes are fixed by the payee's
 * account number so demos and tests can ask for each one:
 * - ending 0000: the payee account does not exist, the transfer fails and nothing is debited;
 * - ending 4444: the bank debits, then the payee bank returns the money (退票) without the fee;
 * - anything else: success.
 * A transfer within one bank (same first three CNAPS digits) is free, otherwise the fee is ¥5.00.
 */
export type TransferOutcome = 'success' | 'failed' | 'bounced';

export const CROSS_BANK_FEE_FEN = 500;

const DIGITS = /^\d{8,32}$/;
const CNAPS = /^\d{12}$/;

/** Digits derived from a key: stable bank serial numbers without any state in the sandbox. */
function digitsOf(key: string, n: number): string {
  return BigInt(`0x${createHash('sha256').update(key).digest('hex')}`)
    .toString()
    .slice(0, n)
    .padStart(n, '0');
}

export function transferFee(payerCnaps: string, payeeCnaps: string): number {
  return payerCnaps.slice(0, 3) === payeeCnaps.slice(0, 3) ? 0 : CROSS_BANK_FEE_FEN;
}

/** Accepts a transfer order: the bank checks the fields and answers with its fee; the result comes later. */
export function submitTransfer(params: Record<string, unknown>): CallResult {
  try {
    str(params, 'payNo', { pattern: /^ZF\d{8,20}$/ });
    str(params, 'payerAccount', { pattern: DIGITS });
    const payerCnaps = str(params, 'payerCnaps', { pattern: CNAPS });
    str(params, 'payeeAccount', { pattern: DIGITS });
    str(params, 'payeeName', { max: 60 });
    const payeeCnaps = str(params, 'payeeCnaps', { pattern: CNAPS });
    const amountFen = Number(params.amountFen);
    if (!Number.isInteger(amountFen) || amountFen <= 0) return failure('INVALID_AMOUNT', '金额必须为正整数（分）');
    return success({ accepted: true, feeFen: transferFee(payerCnaps, payeeCnaps) });
  } catch (err) {
    return failure('INVALID_PARAM', err instanceof Error ? err.message : String(err));
  }
}

/** The bank's result for an accepted transfer, with the serial numbers of the debit and of a return. */
export function transferResult(params: Record<string, unknown>): CallResult {
  const payNo = str(params, 'payNo', { pattern: /^ZF\d{8,20}$/ });
  const payeeAccount = str(params, 'payeeAccount', { pattern: DIGITS });
  const bankCode = String(params.payerCnaps ?? '').slice(0, 3) || '000';
  const outcome: TransferOutcome = payeeAccount.endsWith('0000') ? 'failed' : payeeAccount.endsWith('4444') ? 'bounced' : 'success';
  if (outcome === 'failed') return success({ outcome, reason: '收款账户不存在' });
  const debitSerial = `${bankCode}${digitsOf(`${payNo}:debit`, 15)}`;
  if (outcome === 'success') return success({ outcome, debitSerial });
  return success({
    outcome,
    debitSerial,
    returnSerial: `${bankCode}${digitsOf(`${payNo}:return`, 15)}`,
    reason: '收款人户名与账号不符，银行退票',
  });
}

/** A receipt's verification code as the bank prints it. */
export function receiptVerifyCode(receiptNo: string): string {
  const h = createHash('sha256').update(`v${receiptNo}`).digest('hex').toUpperCase();
  return `${h.slice(0, 4)}-${h.slice(4, 8)}-${h.slice(8, 12)}`;
}
