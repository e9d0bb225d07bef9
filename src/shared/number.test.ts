import { describe, it, expect } from 'vitest';
import { fenToYuan, formatNumber, toThousands, yuanToFen } from './number';

describe('formatNumber', () => {
  it('abbreviates with SI suffixes', () => {
    expect(formatNumber(1234)).toBe('1.2k');
    expect(formatNumber(1_500_000)).toBe('1.5M');
    expect(formatNumber(2.5e9)).toBe('2.5G');
    expect(formatNumber(3e12)).toBe('3T');
    expect(formatNumber(4.2e15)).toBe('4.2P');
    expect(formatNumber(7e18)).toBe('7E');
    expect(formatNumber(1.5e21)).toBe('1500E');
  });
  it('leaves small numbers unsuffixed', () => {
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12.34)).toBe('12.3');
    expect(formatNumber(0.04)).toBe('0');
  });
  it('removes trailing zeros', () => {
    expect(formatNumber(1000)).toBe('1k');
    expect(formatNumber(1_000_000, 2)).toBe('1M');
    expect(formatNumber(1_500_000, 3)).toBe('1.5M');
    expect(formatNumber(10_000)).toBe('10k');
    expect(formatNumber(100_000)).toBe('100k');
  });
  it('honours digits', () => {
    expect(formatNumber(1234, 0)).toBe('1k');
    expect(formatNumber(1234, 2)).toBe('1.23k');
    expect(formatNumber(1_234_567, 3)).toBe('1.235M');
  });
  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatNumber(999.96)).toBe('1k');
    expect(formatNumber(999_950)).toBe('1M');
    expect(formatNumber(999_999_999, 2)).toBe('1G');
  });
  it('keeps the sign of negative numbers', () => {
    expect(formatNumber(-1234)).toBe('-1.2k');
    expect(formatNumber(-999)).toBe('-999');
    expect(formatNumber(-1_500_000)).toBe('-1.5M');
  });
  it('does not print a negative zero', () => {
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.01)).toBe('0');
  });
  it('shows non-finite and non-number input as a dash', () => {
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(formatNumber(Infinity)).toBe('-');
    expect(formatNumber(-Infinity)).toBe('-');
    expect(formatNumber('12' as unknown as number)).toBe('-');
  });
  it('rejects invalid digits', () => {
    expect(() => formatNumber(1, -1)).toThrow(RangeError);
    expect(() => formatNumber(1, 1.5)).toThrow(RangeError);
    expect(() => formatNumber(1, 21)).toThrow(RangeError);
  });
});

describe('toThousands', () => {
  it('groups the integer part', () => {
    expect(toThousands(1_234_567)).toBe('1,234,567');
    expect(toThousands(123)).toBe('123');
    expect(toThousands(1000)).toBe('1,000');
    expect(toThousands(0)).toBe('0');
    expect(toThousands(100_000)).toBe('100,000');
  });
  it('keeps decimals as given', () => {
    expect(toThousands(1234.5)).toBe('1,234.5');
    expect(toThousands(1234567.891)).toBe('1,234,567.891');
    expect(toThousands(0.12345)).toBe('0.12345');
  });
  it('handles negatives', () => {
    expect(toThousands(-1234.5)).toBe('-1,234.5');
    expect(toThousands(-12)).toBe('-12');
    expect(toThousands(-0)).toBe('0');
  });
  it('leaves exponent notation untouched', () => {
    expect(toThousands(1e21)).toBe('1e+21');
    expect(toThousands(1e-7)).toBe('1e-7');
  });
  it('shows non-finite input as a dash', () => {
    expect(toThousands(Number.NaN)).toBe('-');
    expect(toThousands(Infinity)).toBe('-');
    expect(toThousands(undefined as unknown as number)).toBe('-');
  });
});

describe('fenToYuan', () => {
  it('formats with two decimals and separators', () => {
    expect(fenToYuan(123456)).toBe('1,234.56');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(100_000_000)).toBe('1,000,000.00');
  });
  it('handles negatives', () => {
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(-123456)).toBe('-1,234.56');
    expect(fenToYuan(-0)).toBe('0.00');
  });
  it('is exact up to the largest safe integer', () => {
    expect(fenToYuan(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91');
    expect(fenToYuan(-Number.MAX_SAFE_INTEGER)).toBe('-90,071,992,547,409.91');
    expect(fenToYuan(7_036_874_417_766_399)).toBe('70,368,744,177,663.99');
  });
  it('returns an empty string for null and undefined', () => {
    expect(fenToYuan(null)).toBe('');
    expect(fenToYuan(undefined)).toBe('');
  });
  it('throws RangeError for non-integers and unsafe values', () => {
    for (const bad of [1.5, 0.1, Number.NaN, Infinity, -Infinity, 2 ** 53, '100' as unknown as number]) {
      expect(() => fenToYuan(bad)).toThrow(RangeError);
    }
  });
});

describe('yuanToFen', () => {
  it('parses strings exactly', () => {
    expect(yuanToFen('1,234.56')).toBe(123456);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.15')).toBe(115);
    expect(yuanToFen('4.35')).toBe(435);
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen('0.00')).toBe(0);
    expect(yuanToFen(' 8.8 ')).toBe(880);
    expect(yuanToFen('1,000,000')).toBe(100_000_000);
  });
  it('parses numbers through their decimal text', () => {
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(12)).toBe(1200);
    expect(yuanToFen(1234.56)).toBe(123456);
    expect(yuanToFen(-0)).toBe(0);
  });
  it('handles signs', () => {
    expect(yuanToFen('-0.05')).toBe(-5);
    expect(yuanToFen('+3.5')).toBe(350);
    expect(yuanToFen(-12.34)).toBe(-1234);
    expect(Object.is(yuanToFen('-0'), 0)).toBe(true);
  });
  it('refuses more than two decimals instead of rounding', () => {
    expect(yuanToFen('1.005')).toBeNull();
    expect(yuanToFen(1.005)).toBeNull();
    expect(yuanToFen('0.001')).toBeNull();
  });
  it('refuses malformed text', () => {
    for (const bad of ['', ' ', 'abc', '1.', '.5', '1..2', '1,23', '12,34.5', ',123', '1,234,56', '1e3', '--1', '¥12', '12元', '0x10']) {
      expect(yuanToFen(bad)).toBeNull();
    }
  });
  it('refuses non-finite, exponent-form and unsafe values', () => {
    expect(yuanToFen(Number.NaN)).toBeNull();
    expect(yuanToFen(Infinity)).toBeNull();
    expect(yuanToFen(1e21)).toBeNull();
    expect(yuanToFen(1e-7)).toBeNull();
    expect(yuanToFen('90071992547409.92')).toBeNull();
    expect(yuanToFen('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(yuanToFen(null as unknown as string)).toBeNull();
    expect(yuanToFen({} as unknown as string)).toBeNull();
  });
  it('round-trips with fenToYuan', () => {
    for (const fen of [0, 1, 29, 99, 100, 123456, -5, -123456, 987654321012]) {
      expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    }
  });
});
