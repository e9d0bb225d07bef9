import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { seedOf, str } from '../sandbox.js';

/** Software licence checks for a customer's deployments. */
export interface LicenseConnector {
  verify(input: CallInput): Promise<CallResult>;
}

export const sandbox: LicenseConnector = {
  async verify({ params, at }) {
    const licenseKey = str(params, 'licenseKey', { pattern: /^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/ });
    const domain = str(params, 'domain', { pattern: /^[a-z0-9.-]{3,100}$/, optional: true });
    const seed = seedOf(licenseKey);
    if (seed % 7 === 0) return failure('licenseRevoked', 'the licence was revoked');
    const expires = new Date(at.getTime() + (30 + (seed % 700)) * 86_400_000).toISOString().slice(0, 10);
    return success({
      valid: true,
      edition: ['standard', 'professional', 'enterprise'][seed % 3],
      maxVehicles: 500 * (1 + (seed % 10)),
      domain: domain || null,
      expires,
    });
  },
};

export const connector: ServiceConnector = { service: 'license', operations: { verify: (i) => sandbox.verify(i) } };
