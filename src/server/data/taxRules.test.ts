import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const CONFIG = 'taxManage/customerTaxConfig';
const ITEM = 'taxManage/taxItemConfig';
const IIT = 'taxManage/personalIncomeTaxConfig';

/** The tax configuration pages refuse bad input at the field, naming the rule, and store nothing. */
describe.each(dialects())('tax configuration rules on %s', (dialect) => {
  let t: TestApp;
  let custA: Caller;
  const fieldErrors = (res: Awaited<ReturnType<Caller['post']>>) => refusal(res, 400).data.fieldErrors as Record<string, string>;
  const item = { taxNo: '91310000MA1FL4XQ01', itemName: '装卸搬运服务', taxCode: '3040802000000000000', vatRate: 0.06, status: 'active' };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => t?.close());

  it('takes a tax item of the organisation’s own taxpayer and lists it under that configuration', async () => {
    const created = dataOf(await custA.post(ITEM, '', item), 201);
    expect(created).toMatchObject({ partyCode: 'C1001', taxCode: '3040802000000000000' });
    const config = dataOf(await custA.get(CONFIG)).list[0];
    const children = dataOf(await custA.get(ITEM, `?parent=${config.taxNo}`)).list;
    expect(children.map((r: { taxCode: string }) => r.taxCode)).toContain('3040802000000000000');
  });

  it('refuses a tax code that is not 19 digits, road freight at another rate and another organisation’s taxpayer', async () => {
    const before = await countRows(t, 'tax_item_config');
    expect(Object.keys(fieldErrors(await custA.post(ITEM, '', { ...item, taxCode: '30101020201' })))).toEqual(['taxCode']);
    const rate = fieldErrors(await custA.post(ITEM, '', { ...item, taxCode: '3010102020100000000', vatRate: 0.06 }));
    expect(Object.keys(rate)).toEqual(['vatRate']);
    expect(rate.vatRate).toContain('9%');
    const other = await custA.post(ITEM, '', { ...item, taxNo: '91510100MA62P7XK9L' });
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().data.fieldErrors)).toContain('taxNo');
    expect(await countRows(t, 'tax_item_config')).toBe(before);
  });

  it('refuses a bad credit code, an agreement ending before it starts, and a deemed levy without its rate', async () => {
    const config = {
      taxpayerName: '华东智运物流有限公司苏州分公司',
      taxNo: '91310000MA1FL4XQ02',
      taxpayerType: 'general',
      taxAuthority: '国家税务总局苏州市税务局',
      validFrom: '2026-06-01',
      validTo: '2026-01-01',
      status: 'active',
    };
    expect(Object.keys(fieldErrors(await custA.post(CONFIG, '', { ...config, validTo: '2026-12-31' })))).toEqual(['taxNo']);
    expect(Object.keys(fieldErrors(await custA.post(CONFIG, '', { ...config, taxNo: '91320500MA1X2Y3Q4C' })))).toEqual(['validTo']);
    const levy = fieldErrors(
      await custA.post(IIT, '', {
        name: '苏州 核定征收',
        region: ['320000', '320500', '320505'],
        incomeType: 'business',
        levy: 'deemed',
        annualCapFen: 12_000_000,
        effectiveFrom: '2026-01-01',
        status: 'active',
      }),
    );
    expect(Object.keys(levy)).toEqual(['deemedRate']);
    expect(await countRows(t, 'tax_customer_config')).toBe(3);
  });
});
