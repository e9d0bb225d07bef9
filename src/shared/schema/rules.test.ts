import { describe, expect, it } from 'vitest';
import { chinaToday, ruleViolations } from './rules';
import { formilyField } from '../../engine/schema/formily';
import { ruleErrors } from './keywordChecks';
import type { PageSchema } from './types';

const page = {
  id: 'test/load',
  kind: 'crud',
  title: 't',
  resource: { table: 't_load' },
  model: {
    type: 'object',
    properties: {
      plate: { type: 'string', title: 'f.plate', 'x-ref': 'test/vehicle' },
      weightKg: { type: 'number', title: 'f.weight' },
      priceFen: { type: 'integer', title: 'f.price' },
      costFen: { type: 'integer', title: 'f.cost' },
      marginFen: { type: 'integer', title: 'f.margin', readOnly: true, 'x-computed': { expr: 'priceFen - costFen', stored: true } },
    },
  },
  rules: [
    {
      with: { vehicle: 'plate' },
      assert: 'weightKg <= vehicle.loadKg',
      message: 'r.overload',
      fields: ['weightKg'],
      params: { limit: 'vehicle.loadKg' },
    },
    {
      with: { vehicle: 'plate' },
      assert: 'vehicle.expiresAt >= $today',
      message: 'r.expired',
      fields: ['plate'],
      params: { date: 'vehicle.expiresAt' },
    },
    { assert: 'marginFen >= 0', message: 'r.margin', fields: ['costFen'] },
  ],
} as unknown as PageSchema;

describe('rules that read referenced records', () => {
  const record = { plate: '沪A12345', weightKg: 2000, priceFen: 100, costFen: 90, marginFen: 10 };
  const vehicle = { plate: '沪A12345', loadKg: 1800, expiresAt: '2020-01-01' };

  it('are left to the server when no referenced records are given (the browser)', () => {
    expect(ruleViolations(page, record)).toEqual([]);
  });

  it('compare with the referenced record, give their parameters, and read today in China', () => {
    const found = ruleViolations(page, record, { refs: { vehicle }, today: '2026-05-01' });
    expect(found).toEqual([
      { field: 'weightKg', key: 'r.overload', params: { limit: 1800, field: 'f.weight', rule: 'weightKg <= vehicle.loadKg' } },
      { field: 'plate', key: 'r.expired', params: { date: '2020-01-01', field: 'f.plate', rule: 'vehicle.expiresAt >= $today' } },
    ]);
    expect(
      ruleViolations(
        page,
        { ...record, weightKg: 1800 },
        { refs: { vehicle: { ...vehicle, expiresAt: '2026-05-01' } }, today: '2026-05-01' },
      ),
    ).toEqual([]);
    // A missing record skips the rule: the reference itself is refused elsewhere.
    expect(ruleViolations(page, record, { refs: { vehicle: null }, today: '2026-05-01' })).toEqual([]);
    expect(chinaToday(Date.parse('2026-05-01T17:00:00Z'))).toBe('2026-05-02');
  });

  it('are checked: an alias names a single reference and hides no field', () => {
    const bad = {
      ...page,
      rules: [
        { with: { weightKg: 'weightKg' }, assert: 'weightKg > 0', message: 'r.x', fields: ['weightKg'] },
        { assert: 'vehicle.loadKg > 0', message: 'r.x', fields: ['weightKg'] },
      ],
    } as unknown as PageSchema;
    const errors = ruleErrors(bad);
    expect(errors.some((e) => e.includes('rules[0].with.weightKg') && e.includes('not a field referring'))).toBe(true);
    expect(errors.some((e) => e.includes('rules[0].with.weightKg') && e.includes('hides'))).toBe(true);
    expect(errors.some((e) => e.includes('rules[1].assert') && e.includes('unknown field "vehicle"'))).toBe(true);
    expect(ruleErrors(page)).toEqual([]);
  });

  it('see computed figures in the form, as the server computes them', () => {
    const field = formilyField(page, 'costFen', page.model!.properties.costFen, 'create', (k) => k, false);
    const validators = field['x-validator'] as ((v: unknown, r: unknown, ctx: unknown) => string)[];
    const check = validators[validators.length - 1];
    expect(check(90, {}, { form: { values: { priceFen: 100, costFen: 90 } } })).toBe('');
    expect(check(110, {}, { form: { values: { priceFen: 100, costFen: 110 } } })).toBe('r.margin');
  });
  it('give the form messages that state the limit, money in yuan, and a sample for a pattern', () => {
    const t = (k: string, p?: Record<string, unknown>) => `${k}${p ? JSON.stringify(p) : ''}`;
    const money = formilyField(
      page,
      'x',
      { type: 'integer', title: 'x', minimum: 0, maximum: 100_000_000, 'x-component': 'Money' },
      'create',
      t,
      false,
    );
    expect(money['x-validator']).toEqual(
      expect.arrayContaining([
        { minimum: 0, message: 'validation.rule.minimum{"limit":"¥0.00"}' },
        { maximum: 100_000_000, message: 'validation.rule.maximum{"limit":"¥1,000,000.00"}' },
      ]),
    );
    const code = formilyField(page, 'x', { type: 'string', title: 'x', pattern: '^HZ\\d{5}$', maxLength: 7 }, 'create', t, false);
    expect(code['x-validator']).toEqual(
      expect.arrayContaining([
        { maxLength: 7, message: 'validation.rule.maxLength{"limit":7}' },
        { pattern: '^HZ\\d{5}$', message: 'validation.rule.patternExample{"example":"HZ12345"}' },
      ]),
    );
    expect(code).not.toHaveProperty('pattern');
  });
});
