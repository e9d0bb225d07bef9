import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { futurePresets, pastRangePresets } from './datePresets';
import { formatDate, parseTime, relativeTime, timeAgo, type Translate } from './time';

// Echoes the key and params so assertions can check both without an i18n runtime.
const t: Translate = (key, params) => (params ? `${key}:${JSON.stringify(params)}` : key);

const local = new Date(2024, 0, 7, 8, 5, 9); // Sunday

describe('parseTime', () => {
  it('copies valid dates and rejects invalid ones', () => {
    const parsed = parseTime(local);
    expect(parsed?.getTime()).toBe(local.getTime());
    expect(parsed).not.toBe(local);
    expect(parseTime(new Date(Number.NaN))).toBeNull();
  });
  it('treats numbers below 1e11 as seconds and others as milliseconds', () => {
    expect(parseTime(1_700_000_000)?.getTime()).toBe(1_700_000_000_000);
    expect(parseTime(1_700_000_000_000)?.getTime()).toBe(1_700_000_000_000);
    expect(parseTime(99_999_999_999)?.getTime()).toBe(99_999_999_999_000);
    expect(parseTime(1e11)?.getTime()).toBe(1e11);
    expect(parseTime(0)?.getTime()).toBe(0);
  });
  it('treats all-digit strings as numbers', () => {
    expect(parseTime('1700000000')?.getTime()).toBe(1_700_000_000_000);
    expect(parseTime('1700000000000')?.getTime()).toBe(1_700_000_000_000);
    expect(parseTime(' 1700000000 ')?.getTime()).toBe(1_700_000_000_000);
  });
  it('parses ISO strings', () => {
    expect(parseTime('2024-01-07T08:05:09.000Z')?.getTime()).toBe(Date.UTC(2024, 0, 7, 8, 5, 9));
    expect(parseTime('2024-01-07T08:05:09+08:00')?.getTime()).toBe(Date.UTC(2024, 0, 7, 0, 5, 9));
    expect(parseTime('2024-01-07T08:05:09')?.getTime()).toBe(local.getTime());
  });
  it('parses the space-separated server format as local time', () => {
    expect(parseTime('2024-01-07 08:05:09')?.getTime()).toBe(local.getTime());
    expect(parseTime('2024-01-07 08:05')?.getTime()).toBe(new Date(2024, 0, 7, 8, 5).getTime());
  });
  it('returns null for invalid input', () => {
    for (const v of ['', '   ', 'not a date', '2024-13-45T00:00:00Z', Number.NaN, Infinity, -Infinity, 1e300]) {
      expect(parseTime(v)).toBeNull();
    }
    expect(parseTime('9'.repeat(400))).toBeNull();
    expect(parseTime(null as unknown as string)).toBeNull();
    expect(parseTime(undefined as unknown as string)).toBeNull();
    expect(parseTime({} as unknown as string)).toBeNull();
  });
});

describe('formatDate', () => {
  it('uses the zero-padded default pattern in local time', () => {
    expect(formatDate(local)).toBe('2024-01-07 08:05:09');
    expect(formatDate(local.getTime())).toBe('2024-01-07 08:05:09');
    expect(formatDate(Math.floor(local.getTime() / 1000))).toBe('2024-01-07 08:05:09');
    expect(formatDate('2024-01-07 08:05:09')).toBe('2024-01-07 08:05:09');
  });
  it('supports custom patterns and the weekday token', () => {
    expect(formatDate(local, '{y}/{m}/{d}')).toBe('2024/01/07');
    expect(formatDate(local, '{h}:{i}')).toBe('08:05');
    expect(formatDate(local, '{a}')).toBe('0');
    expect(formatDate(new Date(2024, 0, 13), '{a}')).toBe('6');
    expect(formatDate(local, '{y}年{m}月{d}日 星期{a}')).toBe('2024年01月07日 星期0');
  });
  it('leaves unknown tokens and repeated tokens alone or filled', () => {
    expect(formatDate(local, '{x} {y}{y}')).toBe('{x} 20242024');
    expect(formatDate(local, '')).toBe('');
  });
  it('returns an empty string for invalid input', () => {
    expect(formatDate('garbage')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(new Date('x'))).toBe('');
  });
});

describe('relativeTime', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
  const ago = (ms: number) => now - ms;

  it('says just now under 30 seconds and for future times', () => {
    expect(relativeTime(now, t, now)).toBe('time.justNow');
    expect(relativeTime(ago(29_999), t, now)).toBe('time.justNow');
    expect(relativeTime(now + 3_600_000, t, now)).toBe('time.justNow');
  });
  it('rounds minutes up', () => {
    expect(relativeTime(ago(30_000), t, now)).toBe('time.minutesAgo:{"count":1}');
    expect(relativeTime(ago(60_000), t, now)).toBe('time.minutesAgo:{"count":1}');
    expect(relativeTime(ago(61_000), t, now)).toBe('time.minutesAgo:{"count":2}');
    expect(relativeTime(ago(3_599_999), t, now)).toBe('time.minutesAgo:{"count":60}');
  });
  it('rounds hours up', () => {
    expect(relativeTime(ago(3_600_000), t, now)).toBe('time.hoursAgo:{"count":1}');
    expect(relativeTime(ago(3_600_001), t, now)).toBe('time.hoursAgo:{"count":2}');
    expect(relativeTime(ago(86_399_999), t, now)).toBe('time.hoursAgo:{"count":24}');
  });
  it('says one day ago up to two days', () => {
    expect(relativeTime(ago(86_400_000), t, now)).toBe('time.oneDayAgo');
    expect(relativeTime(ago(172_799_999), t, now)).toBe('time.oneDayAgo');
  });
  it('falls back to a date without seconds from two days', () => {
    const value = new Date(2024, 5, 13, 12, 0, 0);
    expect(relativeTime(value, t, now)).toBe('2024-06-13 12:00');
    expect(relativeTime(new Date(2023, 11, 31, 23, 59, 59), t, now)).toBe('2023-12-31 23:59');
  });
  it('accepts Date, seconds and string values and a Date for now', () => {
    expect(relativeTime(new Date(ago(120_000)), t, new Date(now))).toBe('time.minutesAgo:{"count":2}');
    expect(relativeTime(Math.floor(ago(120_000) / 1000), t, now)).toBe('time.minutesAgo:{"count":2}');
    expect(relativeTime(String(ago(120_000)), t, now)).toBe('time.minutesAgo:{"count":2}');
  });
  it('defaults now to the current time', () => {
    expect(relativeTime(Date.now(), t)).toBe('time.justNow');
  });
  it('returns an empty string for invalid input', () => {
    expect(relativeTime('nope', t, now)).toBe('');
    expect(relativeTime(now, t, Number.NaN)).toBe('');
  });
});

describe('timeAgo', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
  const ago = (ms: number) => now - ms;

  it('counts whole minutes under an hour', () => {
    expect(timeAgo(now, t, now)).toBe('time.minutes:{"count":0}');
    expect(timeAgo(ago(59_999), t, now)).toBe('time.minutes:{"count":0}');
    expect(timeAgo(ago(60_000), t, now)).toBe('time.minutes:{"count":1}');
    expect(timeAgo(ago(3_599_999), t, now)).toBe('time.minutes:{"count":59}');
  });
  it('counts whole hours under a day', () => {
    expect(timeAgo(ago(3_600_000), t, now)).toBe('time.hours:{"count":1}');
    expect(timeAgo(ago(86_399_999), t, now)).toBe('time.hours:{"count":23}');
  });
  it('counts whole days beyond', () => {
    expect(timeAgo(ago(86_400_000), t, now)).toBe('time.days:{"count":1}');
    expect(timeAgo(ago(10 * 86_400_000 + 5), t, now)).toBe('time.days:{"count":10}');
  });
  it('treats future times as zero minutes', () => {
    expect(timeAgo(now + 5 * 86_400_000, t, now)).toBe('time.minutes:{"count":0}');
  });
  it('accepts a Date for now and defaults it', () => {
    expect(timeAgo(ago(7_200_000), t, new Date(now))).toBe('time.hours:{"count":2}');
    expect(timeAgo(Date.now(), t)).toBe('time.minutes:{"count":0}');
  });
  it('returns an empty string for invalid input', () => {
    expect(timeAgo('nope', t, now)).toBe('');
    expect(timeAgo(now, t, Number.NaN)).toBe('');
  });
});

describe('time locale files', () => {
  const LOCALES = ['zh', 'en', 'es', 'ja'];
  const load = (lng: string): Record<string, Record<string, string>> =>
    JSON.parse(readFileSync(new URL(`../i18n/locales/${lng}/time.json`, import.meta.url), 'utf8'));
  const flatKeys = (obj: Record<string, Record<string, string>>) =>
    Object.entries(obj)
      .flatMap(([ns, group]) => Object.keys(group).map((k) => `${ns}.${k}`))
      .sort();

  it('have the same keys under exactly time and datePresets', () => {
    const reference = flatKeys(load('zh'));
    for (const lng of LOCALES) {
      const data = load(lng);
      expect(Object.keys(data).sort()).toEqual(['datePresets', 'time']);
      expect(flatKeys(data)).toEqual(reference);
      for (const value of Object.values(data).flatMap((g) => Object.values(g))) {
        expect(typeof value).toBe('string');
        expect(value.trim()).not.toBe('');
      }
    }
  });

  it('cover every key the helpers emit and interpolate count where given', () => {
    const emitted = new Map<string, boolean>();
    const record: Translate = (key, params) => {
      emitted.set(key, params !== undefined && 'count' in params);
      return key;
    };
    const now = Date.now();
    for (const ms of [0, 60_000, 3_600_000, 86_400_000]) {
      relativeTime(now - ms, record, now);
      timeAgo(now - ms, record, now);
    }
    for (const preset of [...pastRangePresets(), ...futurePresets()]) emitted.set(preset.key, false);

    for (const lng of LOCALES) {
      const data = load(lng);
      for (const [key, hasCount] of emitted) {
        const [ns, name] = key.split('.');
        const text = data[ns]?.[name];
        expect(text, `${lng}: ${key}`).toBeTypeOf('string');
        if (hasCount) expect(text, `${lng}: ${key}`).toContain('{{count}}');
      }
    }
    expect(emitted.size).toBe(13);
  });
});
