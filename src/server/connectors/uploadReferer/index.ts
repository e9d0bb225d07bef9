import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { str } from '../sandbox.js';

/** Whether a page's origin may embed or upload to the customer's files. */
export interface UploadRefererConnector {
  check(input: CallInput): Promise<CallResult>;
}

/** Sandbox whitelist: the customer's own domains (wildcards allowed), as a referer rule would list them. */
const PATTERNS = ['*.hdzy-logistics.com', 'hdzy-logistics.com', '*.xntd-scm.cn', 'localhost'];

export function domainMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

export const sandbox: UploadRefererConnector = {
  async check({ params }) {
    const referer = str(params, 'referer', { max: 500, optional: true });
    if (!referer) return success({ allowed: false, reason: 'emptyReferer' });
    let host: string;
    try {
      host = new URL(referer).hostname;
    } catch {
      return success({ allowed: false, reason: 'invalidReferer' });
    }
    const rule = PATTERNS.find((p) => domainMatches(host, p));
    return success({ allowed: Boolean(rule), host, rule: rule ?? null });
  },
};

export const connector: ServiceConnector = { service: 'uploadReferer', operations: { check: (i) => sandbox.check(i) } };
