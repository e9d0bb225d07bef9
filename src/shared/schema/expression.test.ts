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
});
