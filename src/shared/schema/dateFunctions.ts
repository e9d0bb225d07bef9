/**
 * Date arithmetic for expressions. Dates are China calendar dates written `YYYY-MM-DD` (a field of
 * format `date`, `$today`); a date-time is an ISO instant (`date-time`, `$now`). A function given
 * anything else answers null, so a record with an empty date computes an empty result.
 */
const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3_600_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in China, whatever the clock's zone: the server's and every browser's agree. */
export const chinaDate = (ms = Date.now()): string => new Date(ms + CHINA_MS).toISOString().slice(0, 10);

/** The day number (UTC midnight ms) of a date, or of a date-time's China date. */
function dayOf(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = DATE.exec(v);
  if (m) {
    const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return new Date(ms).toISOString().slice(0, 10) === v ? ms : null;
  }
  const t = Date.parse(v);
  return Number.isNaN(t) || !/^\d{4}-\d{2}-\d{2}T/.test(v) ? null : Date.parse(chinaDate(t));
}

const isDateTime = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));
const whole = (n: unknown) =>
  typeof n === 'number' && Number.isInteger(n) ? n : typeof n === 'string' && /^-?\d+$/.test(n) ? Number(n) : null;

/** addDays(date, n): the date n days later (earlier when n < 0); a date-time moves by n × 24 h. */
function addDays(d: unknown, n: unknown): string | null {
  const k = whole(n);
  if (k === null) return null;
  if (isDateTime(d)) return new Date(Date.parse(d as string) + k * DAY_MS).toISOString();
  const day = dayOf(d);
  return day === null ? null : new Date(day + k * DAY_MS).toISOString().slice(0, 10);
}

/** addMonths(date, n): the same day n months later, or the month's last day when it is shorter (01-31 + 1 month = 02-28). */
function addMonths(d: unknown, n: unknown): string | null {
  const k = whole(n);
  const day = dayOf(d);
  if (k === null || day === null || isDateTime(d)) return null;
  const x = new Date(day);
  const first = new Date(Date.UTC(x.getUTCFullYear(), x.getUTCMonth() + k, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(x.getUTCDate(), last));
  return first.toISOString().slice(0, 10);
}

/** daysBetween(from, to): whole calendar days from the first date to the second (negative when it is earlier). */
function daysBetween(a: unknown, b: unknown): number | null {
  const x = dayOf(a);
  const y = dayOf(b);
  return x === null || y === null ? null : Math.round((y - x) / DAY_MS);
}

/** date(dateTime): the China date of an instant; a date stays as it is. */
const dateOf = (v: unknown): string | null => {
  const day = dayOf(v);
  return day === null ? null : new Date(day).toISOString().slice(0, 10);
};

export const DATE_FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = { addDays, addMonths, daysBetween, date: dateOf };

/** What each date function gives, for the schema check of a computed field's type. */
export const DATE_FUNCTION_RESULTS: Record<string, 'date' | 'number' | 'same'> = {
  addDays: 'same',
  addMonths: 'date',
  daysBetween: 'number',
  date: 'date',
};

/** Names every expression may read besides the record's fields. */
export const IMPLICIT_NAMES = ['$today', '$now'] as const;

/** The value of an implicit name at this moment. */
export function implicitValue(name: string): string | undefined {
  if (name === '$today') return chinaDate();
  if (name === '$now') return new Date().toISOString();
  return undefined;
}
