import { describe, expect, it } from 'vitest';
import { evaluateExpression, parseExpression } from './expression';

describe('safe expressions', () => {
  const scope = { $deps: ['api', 3], $self: { value: 'x', visible: true }, $values: { type: 'menu', amount: 1200 } };

  it('evaluates the operators reactions use', () => {
    expect(evaluateExpression("$deps[0] === 'api'", scope)).toBe(true);
    expect(evaluateExpression('$deps[1] * 2 + 1', scope)).toBe(7);
    expect(evaluateExpression("$values.type !== 'api' && $values.amount >= 1000", scope)).toBe(true);
    expect(evaluateExpression("$values.type === 'api' ? 'show' : 'hide'", scope)).toBe('hide');
    expect(evaluateExpression('!$self.visible || $missing ?? 5', scope)).toBe(5);
    expect(evaluateExpression("['a', 'b'][1]", scope)).toBe('b');
    expect(evaluateExpression('-(2 - 5) % 2', scope)).toBe(1);
  });

  it('offers round, floor, ceil, abs, min and max for amounts', () => {
    expect(evaluateExpression('round($values.amount * 9 / 109)', scope)).toBe(99);
    expect(evaluateExpression('round(2.345, 2)', scope)).toBe(2.35);
    expect(evaluateExpression('round(-0.5)', scope)).toBe(-1);
    expect(evaluateExpression('max(1, $deps[1], 2) + min(4, 5) - abs(-1) + floor(1.9) + ceil(0.1)', scope)).toBe(8);
  });

  it('refuses other calls and never reaches prototypes or globals', () => {
    expect(() => parseExpression('alert(1)')).toThrow(/calls are not allowed/);
    expect(() => parseExpression('$values.round(1)')).toThrow(/calls are not allowed/);
    expect(() => parseExpression("$self.constructor.constructor('x')()")).toThrow();
    expect(evaluateExpression('$self.constructor', scope)).toBeUndefined();
    expect(evaluateExpression("$self['__proto__']", scope)).toBeUndefined();
    expect(evaluateExpression('window', scope)).toBeUndefined();
    expect(evaluateExpression('$values.toString', scope)).toBeUndefined();
  });

  it('reports syntax errors clearly', () => {
    expect(() => parseExpression('1 +')).toThrow(/unexpected end/);
    expect(() => parseExpression('a = 1')).toThrow(/unexpected/);
    expect(() => parseExpression('a;b')).toThrow(/unexpected character/);
  });

  it('computes with dates: days and months added, days between, the China date of an instant, $today and $now', () => {
    const row = { inspectedAt: '2026-11-24', signedAt: '2026-11-24T17:30:00.000Z', empty: null };
    expect(evaluateExpression('addDays(inspectedAt, 30)', row)).toBe('2026-12-24');
    expect(evaluateExpression('addDays(inspectedAt, -24)', row)).toBe('2026-10-31');
    expect(evaluateExpression('addMonths("2026-01-31", 1)', row)).toBe('2026-02-28');
    expect(evaluateExpression('addMonths(inspectedAt, 12)', row)).toBe('2027-11-24');
    expect(evaluateExpression('daysBetween(inspectedAt, "2027-01-01")', row)).toBe(38);
    // 17:30 UTC is 01:30 the next day in China.
    expect(evaluateExpression('date(signedAt)', row)).toBe('2026-11-25');
    expect(evaluateExpression('addDays(signedAt, 1)', row)).toBe('2026-11-25T17:30:00.000Z');
    expect(evaluateExpression('addDays(empty, 3)', row)).toBeNull();
    expect(evaluateExpression('addDays("2026-02-30", 1)', row)).toBeNull();
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(evaluateExpression('$today', row)).toBe(today);
    expect(evaluateExpression('daysBetween($today, addDays($today, 7))', row)).toBe(7);
    expect(Math.abs(Date.parse(evaluateExpression('$now', row) as string) - Date.now())).toBeLessThan(5_000);
    // A scope that sets $today (a rule's context, a test) is taken as it is.
    expect(evaluateExpression('$today', { $today: '2026-05-01' })).toBe('2026-05-01');
  });
});
