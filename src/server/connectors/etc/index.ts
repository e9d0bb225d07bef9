import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { isPlateNumber, pick, seedOf, str } from '../sandbox.js';
import { InputError } from '../types.js';

/** ETC toll invoices of a vehicle for a month. */
export interface EtcConnector {
  invoices(input: CallInput): Promise<CallResult>;
}

const STATIONS = [
  '沪嘉高速嘉定站',
  '沪渝高速青浦站',
  '沪蓉高速成都站',
  '杭金衢高速金华站',
  '沪宁高速苏州新区站',
  '成渝高速内江站',
  '沪渝高速宜昌站',
];

export const sandbox: EtcConnector = {
  async invoices({ params }) {
    const plate = str(params, 'plate', { max: 10 });
    if (!isPlateNumber(plate)) throw new InputError('plate', 'invalid');
    const month = str(params, 'month', { pattern: /^20\d{2}-(0[1-9]|1[0-2])$/ });
    const seed = seedOf(plate, month);
    const count = 2 + (seed % 5);
    const rows = Array.from({ length: count }, (_, i) => {
      const tollFen = 8_000 + ((seed >> (i + 1)) % 60_000);
      const taxFen = Math.round((tollFen / 1.09) * 0.09);
      return {
        invoiceNo: String(BigInt(24000000000000000000n) + BigInt((seed % 100000) * 100 + i)),
        entry: pick(STATIONS, seed, i),
        exit: pick(STATIONS, seed, i + 3),
        passTime: `${month}-${String(1 + ((seed + i * 7) % 28)).padStart(2, '0')}T0${i % 9}:2${i % 6}:00+08:00`,
        tollFen,
        taxFen,
        type: '征税',
      };
    });
    return success({ plate, month, invoices: rows });
  },
};

export const connector: ServiceConnector = { service: 'etc', operations: { invoices: (i) => sandbox.invoices(i) } };
