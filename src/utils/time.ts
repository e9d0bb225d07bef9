export type Translate = (key: string, params?: Record<string, unknown>) => string;

export type TimeInput = Date | number | string;

// Timestamps before this are taken as seconds: 1e11 s is the year 5138, 1e11 ms is March 1973.
const SECONDS_THRESHOLD = 1e11;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function fromNumber(n: number): Date | null {
  if (!Number.isFinite(n)) return null;
  const date = new Date(n < SECONDS_THRESHOLD ? n * 1000 : n);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function parseTime(value: TimeInput): Date | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  }
  if (typeof value === 'number') return fromNumber(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return fromNumber(Number(text));
  // Servers often send "YYYY-MM-DD HH:mm:ss"; only the "T" form is guaranteed to parse everywhere.
  const normalised = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text) ? text.replace(' ', 'T') : text;
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

export const DEFAULT_DATE_PATTERN = '{y}-{m}-{d} {h}:{i}:{s}';

/** Tokens: {y} {m} {d} {h} {i} {s}, zero-padded local time; {a} weekday 0-6 with Sunday 0. */
export function formatDate(value: TimeInput, pattern: string = DEFAULT_DATE_PATTERN): string {
  const date = parseTime(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    y: String(date.getFullYear()),
    m: pad2(date.getMonth() + 1),
    d: pad2(date.getDate()),
    h: pad2(date.getHours()),
    i: pad2(date.getMinutes()),
    s: pad2(date.getSeconds()),
    a: String(date.getDay()),
  };
  return pattern.replace(/\{([ymdhisa])\}/g, (_, token: string) => parts[token]);
}

function toMs(now: Date | number): number {
  return now instanceof Date ? now.getTime() : now;
}

/**
 * Short "how long ago" label. Minute and hour counts round up, so 30 s reads as 1 minute ago and
 * 61 minutes as 2 hours ago: the label never claims something happened more recently than it did.
 * Times in the future (clock skew between client and server) read as just now.
 */
export function relativeTime(value: TimeInput, t: Translate, now: Date | number = Date.now()): string {
  const date = parseTime(value);
  const nowMs = toMs(now);
  if (!date || !Number.isFinite(nowMs)) return '';
  const elapsed = nowMs - date.getTime();
  if (elapsed < 30 * SECOND) return t('time.justNow');
  if (elapsed < HOUR) return t('time.minutesAgo', { count: Math.ceil(elapsed / MINUTE) });
  if (elapsed < DAY) return t('time.hoursAgo', { count: Math.ceil(elapsed / HOUR) });
  if (elapsed < 2 * DAY) return t('time.oneDayAgo');
  return formatDate(date, '{y}-{m}-{d} {h}:{i}');
}

/** Elapsed duration in whole units (rounded down); future times count as zero minutes. */
export function timeAgo(value: TimeInput, t: Translate, now: Date | number = Date.now()): string {
  const date = parseTime(value);
  const nowMs = toMs(now);
  if (!date || !Number.isFinite(nowMs)) return '';
  const elapsed = Math.max(0, nowMs - date.getTime());
  if (elapsed < HOUR) return t('time.minutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('time.hours', { count: Math.floor(elapsed / HOUR) });
  return t('time.days', { count: Math.floor(elapsed / DAY) });
}
