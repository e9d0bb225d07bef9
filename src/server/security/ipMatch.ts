import { isIP } from 'node:net';

/** An IPv4 address as an unsigned 32-bit number, or null. IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function ipv4ToInt(ip: string): number | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) !== 4) return null;
  return v4.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

export interface IpRule {
  base: number;
  mask: number;
  /** Exact text for non-IPv4 entries. */
  text?: string;
}

/** "a.b.c.d" or "a.b.c.d/nn"; anything else is kept as an exact match on the text (IPv6). */
export function parseIpRule(entry: string): IpRule | null {
  const value = entry.trim();
  if (!value) return null;
  const [addr, bitsText] = value.split('/');
  const base = ipv4ToInt(addr);
  if (base === null) return { base: 0, mask: 0, text: value.toLowerCase() };
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > 32) return null;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (base & mask) >>> 0, mask };
}

/** Whether any rule matches; `when` leaves out the rules it refuses. The address is read once, not per rule. */
export function ipInList<R extends IpRule>(ip: string, rules: readonly R[], when?: (rule: R) => boolean): boolean {
  let n: number | null | undefined;
  let lower: string | undefined;
  for (const rule of rules) {
    if (when && !when(rule)) continue;
    if (rule.text !== undefined) {
      if ((lower ??= ip.toLowerCase()) === rule.text) return true;
      continue;
    }
    if (n === undefined) n = ipv4ToInt(ip);
    if (n !== null && (n & rule.mask) >>> 0 === rule.base) return true;
  }
  return false;
}
