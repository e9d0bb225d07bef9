import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { InputError } from '../types.js';
import { isPlateNumber, seedOf, str } from '../sandbox.js';

/** Vehicle credit: network registration, recent activity, permit validity and a risk score. */
export interface VehicleCreditConnector {
  query(input: CallInput): Promise<CallResult>;
}

export const sandbox: VehicleCreditConnector = {
  async query({ params }) {
    const plate = str(params, 'plate', { max: 10 });
    if (!isPlateNumber(plate)) throw new InputError('plate', 'invalid');
    const seed = seedOf(plate);
    const score = 40 + (seed % 61);
    return success({
      plate,
      registered: seed % 10 !== 0,
      activeLast30Days: seed % 4 !== 0,
      permitValid: seed % 9 !== 0,
      riskScore: 100 - score,
      creditScore: score,
      level: score >= 85 ? 'A' : score >= 70 ? 'B' : score >= 55 ? 'C' : 'D',
    });
  },
};

export const connector: ServiceConnector = { service: 'vehicleCredit', operations: { query: (i) => sandbox.query(i) } };
