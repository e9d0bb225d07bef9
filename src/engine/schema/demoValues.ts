/**
 * Demo rows may say "@now", "@now-3d", "@now+12h" or "@now-30m" for a time relative to when the
 * database is seeded, so demo data stays recent however old the schema file is.
 */
const RELATIVE = /^@now(?:([+-]\d+)([dhm]))?$/;
const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000 };

export function resolveDemoValue(value: unknown, now = Date.now()): unknown {
  if (typeof value !== 'string') return value;
  const m = RELATIVE.exec(value);
  if (!m) return value;
  const offset = m[1] ? Number(m[1]) * UNIT_MS[m[2]] : 0;
  return new Date(now + offset).toISOString();
}

export function resolveDemoRow(row: Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, resolveDemoValue(v, now)]));
}
