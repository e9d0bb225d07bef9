import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { MOBILE, idCardValid, mask, seedOf, str } from '../sandbox.js';
import { fourFactor } from '../bank/index.js';

/** Identity checks: ID two-factor, mobile three-factor, bank card four-factor. A mismatch is an answer (passed: false), billed like a match. */
export interface VerificationConnector {
  idCard2(input: CallInput): Promise<CallResult>;
  mobile3(input: CallInput): Promise<CallResult>;
  bankCard4(input: CallInput): Promise<CallResult>;
}

const NAME = /^[\u4e00-\u9fa5·]{2,20}$/;

/** Name and ID number match when the ID number is valid (check digit, date) and the name is a plausible Chinese name. */
function idMatches(params: Record<string, unknown>) {
  const name = str(params, 'name', { max: 30 });
  const idNo = str(params, 'idNo', { pattern: /^\d{17}[\dXx]$/ }).toUpperCase();
  return { name, idNo, passed: NAME.test(name) && idCardValid(idNo) };
}

export const sandbox: VerificationConnector = {
  async idCard2({ params }) {
    const { name, idNo, passed } = idMatches(params);
    const data = { passed, name, idNo: mask(idNo, 6, 4) };
    return success(data);
  },
  async mobile3({ params }) {
    const { name, idNo, passed } = idMatches(params);
    const mobile = str(params, 'mobile', { pattern: MOBILE });
    const carrier = ['中国移动', '中国联通', '中国电信'][seedOf(mobile) % 3];
    const data = { passed, name, idNo: mask(idNo, 6, 4), mobile: mask(mobile), carrier };
    return success(data);
  },
  async bankCard4({ params }) {
    return fourFactor(params);
  },
};

export const connector: ServiceConnector = {
  service: 'verification',
  operations: { idCard2: (i) => sandbox.idCard2(i), mobile3: (i) => sandbox.mobile3(i), bankCard4: (i) => sandbox.bankCard4(i) },
};
