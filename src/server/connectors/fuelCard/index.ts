import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { int, ref, seedOf, str } from '../sandbox.js';

/** Fuel cards: load money onto a driver's sub-card, query its balance. */
export interface FuelCardConnector {
  recharge(input: CallInput): Promise<CallResult>;
  balance(input: CallInput): Promise<CallResult>;
}

const CARD = /^\d{16,19}$/;

export const sandbox: FuelCardConnector = {
  async recharge({ params, at }) {
    const subCardNo = str(params, 'subCardNo', { pattern: CARD });
    const amountFen = int(params, 'amountFen', 100, 10_000_000);
    if (amountFen > 5_000_000) return failure('overSingleLimit', 'a single load may not exceed 50,000.00 yuan');
    const seed = seedOf(subCardNo);
    return success({
      serialNo: ref('YK', seedOf(subCardNo, amountFen, at.getTime()), at),
      subCardNo,
      amountFen,
      balanceFen: 20_000 + (seed % 800_000) + amountFen,
      supplier: ['中石化', '中石油'][seed % 2],
    });
  },
  async balance({ params }) {
    const subCardNo = str(params, 'subCardNo', { pattern: CARD });
    const seed = seedOf(subCardNo);
    return success({ subCardNo, balanceFen: 20_000 + (seed % 800_000), supplier: ['中石化', '中石油'][seed % 2] });
  },
};

export const connector: ServiceConnector = {
  service: 'fuelCard',
  operations: { recharge: (i) => sandbox.recharge(i), balance: (i) => sandbox.balance(i) },
};
