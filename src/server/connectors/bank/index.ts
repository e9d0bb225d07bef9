import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { MOBILE, idCardValid, luhnValid, mask, seedOf, str } from '../sandbox.js';

/** Bank services: card four-factor check and corporate account balance. */
export interface BankConnector {
  verify4(input: CallInput): Promise<CallResult>;
  balance(input: CallInput): Promise<CallResult>;
}

const BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行', '交通银行'];

/** Four factors (card, name, ID, mobile) pass for a Luhn-valid card with a valid ID number; anything else is refused. */
export function fourFactor(params: Record<string, unknown>): CallResult {
  const cardNo = str(params, 'cardNo', { pattern: /^\d{12,19}$/ });
  const name = str(params, 'name', { max: 30 });
  const idNo = str(params, 'idNo', { pattern: /^\d{17}[\dXx]$/ }).toUpperCase();
  const mobile = str(params, 'mobile', { pattern: MOBILE });
  const seed = seedOf(cardNo);
  const checks = { card: luhnValid(cardNo), idNo: idCardValid(idNo), name: name.length >= 2, mobile: true };
  const passed = Object.values(checks).every(Boolean);
  const data = {
    passed,
    cardNo: mask(cardNo, 6, 4),
    bank: BANKS[seed % BANKS.length],
    cardType: seed % 5 === 0 ? 'credit' : 'debit',
    mobile: mask(mobile),
  };
  // A mismatch is the check's answer (and billed), not a failure of the call.
  return success(passed ? data : { ...data, checks });
}

export const sandbox: BankConnector = {
  async verify4({ params }) {
    return fourFactor(params);
  },
  async balance({ params, at }) {
    const accountNo = str(params, 'accountNo', { pattern: /^\d{8,32}$/ });
    const seed = seedOf(accountNo);
    // A balance that drifts by day, so repeated demo queries look alive.
    const ledgerFen = 50_000_000 + (seed % 900_000_000) + (Math.floor(at.getTime() / 86_400_000) % 97) * 10_000;
    return success({
      accountNo: mask(accountNo, 4, 4),
      ledgerFen,
      availableFen: ledgerFen - (seed % 500_000),
      queriedAt: at.toISOString(),
    });
  },
};

export const connector: ServiceConnector = {
  service: 'bank',
  operations: { verify4: (i) => sandbox.verify4(i), balance: (i) => sandbox.balance(i) },
};
