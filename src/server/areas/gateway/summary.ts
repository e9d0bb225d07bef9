/** Short, masked JSON of a request or answer for the call log: identifiers masked, bulky values cut. */
const SECRET = /secret|password|token|auth/i;
const IDENT = /idNo|cardNo|mobile|phone|licenseNo|accountNo|subCardNo/i;
const BULKY = /image|content|base64/i;
const MAX = 500;

function maskValue(key: string, v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (SECRET.test(key)) return '***';
  if (BULKY.test(key) && v.length > 40) return `(${v.length} chars)`;
  if (IDENT.test(key) && !v.includes('*') && v.length > 6) return v.slice(0, 3) + '*'.repeat(v.length - 7) + v.slice(-4);
  return v.length > 80 ? `${v.slice(0, 77)}...` : v;
}

function walk(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) return depth > 2 ? `[${value.length}]` : value.slice(0, 5).map((v) => walk(v, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 2) return '{…}';
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 20)
        .map(([k, v]) => [k, v && typeof v === 'object' ? walk(v, depth + 1) : maskValue(k, v)]),
    );
  }
  return value;
}

export function summarize(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(walk(value, 0));
  return text.length > MAX ? `${text.slice(0, MAX - 3)}...` : text;
}
