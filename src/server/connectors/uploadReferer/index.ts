import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { str } from '../sandbox.js';
import { domainMatches, refererPolicy, refererRefusal } from '../customerRules.js';

/** Whether a page's origin may embed or upload to the customer's files. */
export interface UploadRefererConnector {
  check(input: CallInput): Promise<CallResult>;
}

/** Sandbox whitelist for a customer without its own (customerConfig/uploadReferer). */
const PATTERNS = ['*.hdzy-logistics.com', 'hdzy-logistics.com', '*.xntd-scm.cn', 'localhost'];

export const sandbox: UploadRefererConnector = {
  async check({ params, settings }) {
    const referer = str(params, 'referer', { max: 500, optional: true });
    const policy = refererPolicy(settings.customerConfig) ?? { domains: PATTERNS, allowEmpty: false };
    const reason = refererRefusal(policy, referer);
    if (reason === 'emptyReferer' || reason === 'invalidReferer') return success({ allowed: false, reason });
    if (!referer) return success({ allowed: true, reason: 'emptyAllowed' });
    const host = new URL(referer).hostname.toLowerCase();
    const rule = policy.domains.find((p) => domainMatches(host, p));
    return success({ allowed: Boolean(rule), host, rule: rule ?? null });
  },
};

export const connector: ServiceConnector = { service: 'uploadReferer', operations: { check: (i) => sandbox.check(i) } };
