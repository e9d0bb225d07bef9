import type { CallInput, ConfigRow, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { MOBILE, mask, ref, seedOf, str } from '../sandbox.js';

/** Text messages sent on the customer's behalf (verification codes, notices). */
export interface SmsConnector {
  send(input: CallInput): ReturnType<ServiceConnector['operations'][string]>;
}

const TEMPLATE = /^[A-Za-z0-9_]{2,40}$/;
const PLATFORM_SIGN = '供应链开放平台';

/**
 * The sign and template a message goes out with: the customer's (its customerConfig/sms record, `cfg`)
 * when it has one — a template named verify… or notice… (or none) becomes its verification or notice
 * template — else the platform's sign and the template given.
 */
export function smsProfile(cfg: ConfigRow | null, template: string | null): { signName: string; template: string | null } {
  const own = (k: string) => (cfg && typeof cfg[k] === 'string' && TEMPLATE.test(cfg[k] as string) ? (cfg[k] as string) : null);
  const signName = cfg && typeof cfg.signName === 'string' && cfg.signName.trim() ? cfg.signName.trim() : PLATFORM_SIGN;
  if (template && /^verify/.test(template)) return { signName, template: own('verifyTemplate') ?? template };
  if (!template || /^notice/.test(template)) return { signName, template: own('noticeTemplate') ?? template };
  return { signName, template };
}

/** Sandbox: nothing leaves the server; numbers a carrier would refuse (virtual 170/171 ranges) fail. */
export const sandbox: SmsConnector = {
  async send({ params, at, settings }) {
    const phone = str(params, 'phone', { pattern: MOBILE });
    const given = str(params, 'template', { pattern: TEMPLATE, optional: true }) || null;
    const text = str(params, 'content', { optional: true, max: 500 });
    const { signName, template } = smsProfile(settings.customerConfig, given);
    if (!template) return failure('param.template.required', 'template is required (no notice template is configured)');
    if (/^17[01]/.test(phone)) return failure('phoneRejected', 'the carrier refuses virtual-operator numbers');
    const seed = seedOf(phone, template, text, at.getTime());
    const parts = Math.max(1, Math.ceil((text.length + signName.length + 2) / 67));
    return success({ messageId: ref('SMS', seed, at), phone: mask(phone), signName, template, parts });
  },
};

export const connector: ServiceConnector = { service: 'sms', operations: { send: (i) => sandbox.send(i) } };
