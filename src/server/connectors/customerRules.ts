import type { ConfigRow } from './types.js';

// The rules of a customer's own configuration record of a service (customerConfig/<service>): the
// gateway hands the record over in the call's settings, the file routes read it themselves. A null
// record (no page, no record, or disabled) gives null: the platform's defaults apply.

/** A list field as stored (JSON text on SQLite, an array elsewhere, or a comma list typed by hand). */
export function listOf(v: unknown): string[] {
  if (Array.isArray(v))
    return v
      .map(String)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof v !== 'string' || !v.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(v);
    if (Array.isArray(parsed))
      return parsed
        .map(String)
        .map((s) => s.trim())
        .filter(Boolean);
  } catch {
    /* a plain list */
  }
  return v.split(/[\s,;]+/).filter(Boolean);
}

const positiveInt = (v: unknown): number | null => {
  const n = Number(v);
  return v !== null && v !== undefined && v !== '' && Number.isInteger(n) && n > 0 ? n : null;
};

export interface UploadPolicy {
  maxBytes: number;
  maxLabel: string;
  /** Lower-case extensions without the dot; empty = no restriction beyond the platform's. */
  allowedExt: string[];
}

/** customerConfig/upload: the organisation's size limit and extensions. */
export function uploadPolicy(row: ConfigRow | null): UploadPolicy | null {
  if (!row) return null;
  const mb = positiveInt(row.maxSizeMb);
  const allowedExt = listOf(row.allowedExt).map((e) => e.replace(/^\./, '').toLowerCase());
  if (!mb && !allowedExt.length) return null;
  return { maxBytes: (mb ?? 1024) * 1024 * 1024, maxLabel: `${mb ?? 1024} MB`, allowedExt };
}

export interface RefererPolicy {
  domains: string[];
  allowEmpty: boolean;
}

/** customerConfig/uploadReferer: the domains (wildcards `*.example.com`) a page may upload or link from. */
export function refererPolicy(row: ConfigRow | null): RefererPolicy | null {
  if (!row) return null;
  return { domains: listOf(row.domains).map((d) => d.toLowerCase()), allowEmpty: row.allowEmpty === true || row.allowEmpty === 1 };
}

export function domainMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/** Why a referer is refused by a policy, or null when it passes. */
export function refererRefusal(
  policy: RefererPolicy,
  referer: string | undefined | null,
): 'emptyReferer' | 'invalidReferer' | 'notWhitelisted' | null {
  if (!referer) return policy.allowEmpty ? null : 'emptyReferer';
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return 'invalidReferer';
  }
  return policy.domains.some((p) => domainMatches(host, p)) ? null : 'notWhitelisted';
}
