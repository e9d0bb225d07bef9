import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { MOBILE, idCardValid, ref, seedOf, str } from '../sandbox.js';

/** Electronic signatures of transport contracts and tax-agency agreements. */
export interface ESignConnector {
  sign(input: CallInput): Promise<CallResult>;
}

export const sandbox: ESignConnector = {
  async sign({ params, at }) {
    const contractNo = str(params, 'contractNo', { pattern: /^[A-Z0-9-]{6,40}$/ });
    const template = str(params, 'template', { pattern: /^(transportContract|agencyAgreement)$/ });
    const signerName = str(params, 'signerName', { max: 30 });
    const signerIdNo = str(params, 'signerIdNo', { pattern: /^\d{17}[\dXx]$/ }).toUpperCase();
    str(params, 'signerMobile', { pattern: MOBILE });
    if (!idCardValid(signerIdNo)) return failure('signerNotVerified', 'the signer’s identity could not be verified');
    const seed = seedOf(contractNo, signerIdNo);
    return success({
      flowId: ref('ES', seed, at),
      contractNo,
      template,
      signerName,
      status: 'signed',
      signedAt: at.toISOString(),
      fileUrl: `/files/sandbox/${contractNo}.pdf`,
    });
  },
};

export const connector: ServiceConnector = { service: 'eSign', operations: { sign: (i) => sandbox.sign(i) } };
