import { describe, expect, it } from 'vitest';
import { dependencyViolations, dependsCrossErrors, dependsErrors, dependsFilter } from './refDepends';
import { validatePageSchema } from './validate';
import type { PageSchema } from './types';

const carrier: PageSchema = {
  id: 'a/carrier',
  kind: 'crud',
  title: 't',
  resource: { table: 'c', label: 'name', key: 'code' },
  model: { type: 'object', properties: { code: { type: 'string', title: 't' }, name: { type: 'string', title: 't' } } },
};
const driver: PageSchema = {
  id: 'a/driver',
  kind: 'crud',
  title: 't',
  resource: { table: 'd', label: 'name', key: 'idcard' },
  model: {
    type: 'object',
    properties: {
      idcard: { type: 'string', title: 't' },
      name: { type: 'string', title: 't' },
      carrierCode: { type: 'string', title: 't', 'x-ref': 'a/carrier' },
      tags: { type: 'array', title: 't', items: { type: 'string' } },
    },
  },
};
const waybill = (depends: Record<string, string>): PageSchema => ({
  id: 'a/waybill',
  kind: 'crud',
  title: 't',
  resource: { table: 'w', label: 'no' },
  model: {
    type: 'object',
    properties: {
      no: { type: 'string', title: 't' },
      carrierCode: { type: 'string', title: 'f.carrier', 'x-ref': 'a/carrier' },
      driverIdcard: { type: 'string', title: 'f.driver', 'x-ref': 'a/driver', 'x-ref-depends': depends },
    },
  },
});
const pages = new Map([carrier, driver].map((p) => [p.id, p]));

describe('x-ref-depends', () => {
  it('accepts a dependency naming a field on each side', () => {
    const page = waybill({ carrierCode: 'carrierCode' });
    expect([...dependsErrors(page), ...dependsCrossErrors(page, pages)]).toEqual([]);
  });

  it('refuses unknown fields on either side, a field depending on itself, and a loose or multi-valued comparison', () => {
    expect(dependsErrors(waybill({ carrierCode: 'carrier' })).join()).toMatch(/unknown field "carrier"/);
    expect(dependsErrors(waybill({ carrierCode: 'driverIdcard' })).join()).toMatch(/cannot depend on itself/);
    expect(dependsCrossErrors(waybill({ carrier: 'carrierCode' }), pages).join()).toMatch(/"carrier" is not a field of a\/driver/);
    expect(dependsCrossErrors(waybill({ name: 'carrierCode' }), pages).join()).toMatch(/not filtered by equality/);
    expect(dependsCrossErrors(waybill({ tags: 'carrierCode' }), pages).join()).toMatch(/holds several values/);
    const noRef = waybill({ carrierCode: 'carrierCode' });
    delete noRef.model!.properties.driverIdcard['x-ref'];
    expect(dependsErrors(noRef).join()).toMatch(/needs x-ref/);
  });

  it('is part of the meta-schema: a misspelt shape is refused at load', () => {
    const page = waybill({ carrierCode: 'carrierCode' }) as unknown as Record<string, unknown>;
    expect(validatePageSchema(page).filter((e) => e.includes('x-ref-depends'))).toEqual([]);
    (page as unknown as PageSchema).model!.properties.driverIdcard['x-ref-depends'] = { carrierCode: 3 } as never;
    expect(validatePageSchema(page).join()).toMatch(/x-ref-depends/);
  });

  it('narrows by the parent value when there is one, and names the first record of another parent', () => {
    expect(dependsFilter({ carrierCode: 'carrierCode' }, { carrierCode: 'C1' })).toEqual({ carrierCode: 'C1' });
    expect(dependsFilter({ carrierCode: 'carrierCode' }, { carrierCode: '' })).toEqual({});
    const page = waybill({ carrierCode: 'carrierCode' });
    const records = { driverIdcard: [{ $key: 'D1', carrierCode: 'C2' }] };
    expect(dependencyViolations(page, { carrierCode: 'C1', driverIdcard: 'D1' }, records)).toEqual([
      { field: 'driverIdcard', key: 'validation.rule.refOfParent', params: { field: 'f.driver', parent: 'f.carrier', value: 'D1' } },
    ]);
    expect(dependencyViolations(page, { carrierCode: 'C2', driverIdcard: 'D1' }, records)).toEqual([]);
    expect(dependencyViolations(page, { carrierCode: null, driverIdcard: 'D1' }, records)).toEqual([]);
  });
});
