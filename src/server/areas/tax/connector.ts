import type { CallResult } from '../../connectors/types.js';
import { failure, success } from '../../connectors/types.js';
import { idCardValid, mask, seedOf } from '../../connectors/sandbox.js';
import { isSocialCreditCode } from '../../../shared/validators.js';

/**
 * The tax authority's declaration service as a network freight operator uses it: the operator
 * (the withholding agent named by its credit code) files, for a period that has ended, either the
 * taxes it collected on its drivers' orders or one driver's personal income tax, and receives a
 * payment voucher number (完税凭证号).
 */
export interface TaxDeclaration {
  kind: 'order' | 'personal';
  declarationNo: string;
  /** The withholding agent's unified social credit code. */
  agentTaxNo: string;
  /** YYYY-MM. */
  period: string;
  incomeFen: number;
  taxFen: number;
  /** Personal declarations: the driver's resident ID number. */
  idcard?: string;
}

export interface TaxConnector {
  declare(req: TaxDeclaration, at: Date): Promise<CallResult>;
}

const CST = 8 * 3600_000;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The voucher a declaration receives: "3", the province of the agent (from its credit code), the
 * China date of filing and nine digits from the declaration number, so it never changes for one filing.
 */
export function voucherFor(declarationNo: string, agentTaxNo: string, at: Date): string {
  const day = new Date(at.getTime() + CST).toISOString().slice(2, 10).replace(/-/g, '');
  return `3${agentTaxNo.slice(2, 4)}${day}${String(seedOf('voucher', declarationNo) % 1_000_000_000).padStart(9, '0')}`;
}

/** Refusals as the authority words them; the first rule a declaration breaks is the answer. */
function refusal(req: TaxDeclaration, at: Date): CallResult | null {
  if (!/^[A-Z]{2}\d{8,14}$/.test(req.declarationNo)) return failure('INVALID_DOCUMENT', '申报单号格式不正确');
  if (!isSocialCreditCode(req.agentTaxNo)) return failure('AGENT_UNKNOWN', `扣缴义务人识别号 ${req.agentTaxNo} 未登记`);
  if (!PERIOD.test(req.period)) return failure('INVALID_PERIOD', '所属期格式应为 YYYY-MM');
  const current = new Date(at.getTime() + CST).toISOString().slice(0, 7);
  if (req.period >= current) return failure('PERIOD_OPEN', `所属期 ${req.period} 尚未结束，不能申报`);
  if (!Number.isInteger(req.incomeFen) || !Number.isInteger(req.taxFen) || req.incomeFen < 0 || req.taxFen < 0)
    return failure('INVALID_AMOUNT', '金额应为非负整数（分）');
  if (req.incomeFen === 0) return failure('ZERO_DECLARATION', '本期无收入，请通过零申报通道办理');
  if (req.taxFen > req.incomeFen) return failure('INVALID_AMOUNT', '税额不能大于收入');
  if (req.kind === 'personal' && !idCardValid(req.idcard ?? '')) return failure('TAXPAYER_ID_INVALID', '纳税人身份证件号码校验不通过');
  return null;
}

export const sandbox: TaxConnector = {
  async declare(req, at) {
    const refused = refusal(req, at);
    if (refused) return refused;
    return success({
      declarationNo: req.declarationNo,
      period: req.period,
      voucherNo: voucherFor(req.declarationNo, req.agentTaxNo, at),
      taxFen: req.taxFen,
      acceptedAt: at.toISOString(),
      ...(req.idcard ? { idcard: mask(req.idcard, 6, 4) } : {}),
    });
  },
};
