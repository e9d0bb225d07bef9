import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { int, ref, seedOf, str } from '../sandbox.js';

/** Cargo transport insurance: quote and insure a waybill. */
export interface InsuranceConnector {
  quote(input: CallInput): Promise<CallResult>;
  insure(input: CallInput): Promise<CallResult>;
}

/** 0.3‰ of the sum insured, at least 5.00 yuan; sums over 5 million yuan need a manual underwriting. */
function premium(params: Record<string, unknown>): { sumFen: number; premiumFen: number } | null {
  const sumFen = int(params, 'sumFen', 100, 10_000_000_000);
  if (sumFen > 500_000_000) return null;
  return { sumFen, premiumFen: Math.max(500, Math.round(sumFen * 0.0003)) };
}

export const sandbox: InsuranceConnector = {
  async quote({ params }) {
    str(params, 'goodsName', { max: 40 });
    const p = premium(params);
    return p
      ? success({ ...p, ratePermille: 0.3, productCode: 'HYX-01' })
      : failure('needUnderwriting', 'sums over 5,000,000.00 yuan need manual underwriting');
  },
  async insure({ params, at }) {
    const waybillNo = str(params, 'waybillNo', { pattern: /^[A-Z]{2}\d{14}$/ });
    const p = premium(params);
    if (!p) return failure('needUnderwriting', 'sums over 5,000,000.00 yuan need manual underwriting');
    return success({ policyNo: ref('PICC', seedOf(waybillNo), at), waybillNo, ...p, status: 'effective' });
  },
};

export const connector: ServiceConnector = {
  service: 'insurance',
  operations: { quote: (i) => sandbox.quote(i), insure: (i) => sandbox.insure(i) },
};
