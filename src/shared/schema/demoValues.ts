/**
 * Demo rows may say "@now", "@now-3d", "@now+12h" or "@now-30m" for a time relative to when the
 * database is seeded, so demo data stays recent however old the schema file is.
 *
 * "@today", "@today-3d" and "@today+3d" are China calendar dates (YYYY-MM-DD); "@today-3d 10:30" is that day's
 * wall-clock time in China as an ISO time. Books kept by day (bank receipts, daily
 * reconciliations) need their times and dates to fall on the same day whatever the hour of seeding.
 */
const RELATIVE = /^@now(?:([+-]\d+)([dhm]))?$/;
const RELATIVE_DAY = /^@today(?:([+-]\d+)d)?(?: (\d{2}):(\d{2}))?$/;
const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000 };
const CHINA_MS = 8 * 3_600_000;

function relativeDay(m: RegExpExecArray, now: number): string {
  const day = Math.floor((now + CHINA_MS) / UNIT_MS.d) + Number(m[1] ?? 0);
  if (m[2] === undefined) return new Date(day * UNIT_MS.d).toISOString().slice(0, 10);
  return new Date(day * UNIT_MS.d + Number(m[2]) * UNIT_MS.h + Number(m[3]) * UNIT_MS.m - CHINA_MS).toISOString();
}

export function resolveDemoValue(value: unknown, now = Date.now()): unknown {
  if (typeof value !== 'string') return value;
  const d = RELATIVE_DAY.exec(value);
  if (d) return relativeDay(d, now);
  const m = RELATIVE.exec(value);
  if (!m) return value;
  const offset = m[1] ? Number(m[1]) * UNIT_MS[m[2]] : 0;
  return new Date(now + offset).toISOString();
}

export function resolveDemoRow(row: Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, resolveDemoValue(v, now)]));
}
