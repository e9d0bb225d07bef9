import { describe, expect, it } from 'vitest';
import { defaultRuleProblems } from './defaultRules';
import type { PageSchema } from './types';

const carrier: PageSchema = {
  id: 'a/carrier',
  kind: 'crud',
  title: 't',
  resource: { table: 'c', label: 'name', key: 'code' },
  model: {
    type: 'object',
    properties: { code: { type: 'string', title: 't' }, carrierType: { type: 'string', title: 't', enum: ['enterprise', 'individual'] } },
  },
};
const waybill = (fill?: Record<string, string>): PageSchema => ({
  id: 'a/waybill',
  kind: 'crud',
  title: 't',
  resource: { table: 'w', label: 'no' },
  model: {
    type: 'object',
    properties: {
      carrierCode: { type: 'string', title: 't', 'x-ref': 'a/carrier', ...(fill ? { 'x-ref-fill': fill } : {}) },
      taxWithheld: { type: 'boolean', title: 't', default: true },
      weightKg: { type: 'number', title: 't' },
    },
  },
  rules: [
    {
      with: { carrier: 'carrierCode' },
      assert: "taxWithheld == (carrier.carrierType != 'enterprise')",
      message: 'm.withholding',
      fields: ['taxWithheld'],
    },
    // Undecided: the weight has no starting value.
    { assert: 'weightKg > 0', message: 'm.weight', fields: ['weightKg'] },
  ],
});
const pages = (w: PageSchema) => new Map([carrier, w].map((p) => [p.id, p]));

describe('starting values against the page’s rules', () => {
  it('finds a default a rule refuses for some kind of referenced record', () => {
    const w = waybill();
    expect(defaultRuleProblems(w, pages(w))).toEqual([
      "a/waybill rules[0] (m.withholding) refuses a new record's starting values when carrier.carrierType = enterprise",
    ]);
  });

  it('accepts the value a chosen record fills in place of the default', () => {
    const w = waybill({ taxWithheld: "carrierType != 'enterprise'" });
    expect(defaultRuleProblems(w, pages(w))).toEqual([]);
  });
});
