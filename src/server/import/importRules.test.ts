import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';
import { multipart } from '../test/sheets.js';
import { schemasWithFixture } from '../test/fixtureSchemas.js';

const LOAD = 'importRules/load';

describe.each(dialects())('import runs the page’s cross-field rules, on %s', (dialect) => {
  let t: TestApp;
  let fixture: ReturnType<typeof schemasWithFixture>;
  let custA: Caller;
  let vehicle: { plate: string; loadKg: number };
  beforeAll(async () => {
    fixture = schemasWithFixture('importRules');
    t = await createTestApp(dialect, { schemasDir: fixture.dir });
    custA = await signIn(t.app, 'cust_a');
    vehicle = (await t.app.ctx.database.db
      .selectFrom('tms_vehicle')
      .select(['plate', 'loadKg'])
      .where('partyCode', '=', 'C1001')
      .where('loadKg', '>', 21000)
      .orderBy('id')
      .executeTakeFirstOrThrow()) as typeof vehicle;
    vehicle.loadKg = Number(vehicle.loadKg);
  });
  afterAll(async () => {
    await t?.close();
    fixture.remove();
  });

  const upload = (csv: string, query = '') => {
    const { payload, headers } = multipart('loads.csv', csv);
    return t.app.inject({
      method: 'POST',
      url: pageUrl(LOAD, `/import${query}`),
      headers: { ...headers, authorization: `Bearer ${custA.token}`, 'accept-language': 'en' },
      payload,
    });
  };
  const file = (rows: (string | number)[][]) => ['code,plate,weightKg,remark', ...rows.map((r) => r.join(','))].join('\r\n');

  it('reports each row that breaks a rule, including one reading the referenced vehicle, and writes nothing', async () => {
    const csv = file([
      ['L1', vehicle.plate, 1000, ''],
      ['L2', vehicle.plate, vehicle.loadKg + 1, 'over'],
      ['L3', vehicle.plate, 20001, ''],
    ]);
    const report = dataOf(await upload(csv, '?dryRun=1'));
    expect(report.rows).toBe(3);
    expect(report.valid).toBe(1);
    expect(report.errors).toEqual([
      { row: 3, field: 'pages.importRules.load.fields.weightKg', msg: expect.stringContaining(`rated load of ${vehicle.loadKg} kg`) },
      { row: 4, field: 'Remarks', msg: 'pages.importRules.load.rules.heavyNeedsRemark' },
    ]);
    expect(await countRows(t, 'demo_import_load')).toBe(0);

    const refused = refusal(await upload(csv), 400);
    expect(refused.data.errors).toHaveLength(2);
    expect(await countRows(t, 'demo_import_load')).toBe(0);
  });

  it('imports rows that keep the rules, as a create would', async () => {
    const report = dataOf(
      await upload(
        file([
          ['L1', vehicle.plate, 1000, ''],
          ['L2', vehicle.plate, 20001, 'two axles'],
        ]),
      ),
    );
    expect(report.imported).toBe(2);
    expect(await countRows(t, 'demo_import_load', { partyCode: 'C1001' })).toBe(2);
    // The same overload is refused by a create with the same message.
    const res = await custA.post(LOAD, '', { code: 'L9', plate: vehicle.plate, weightKg: vehicle.loadKg + 1 }, { 'accept-language': 'en' });
    expect(refusal(res, 400).data.fieldErrors.weightKg).toContain(`rated load of ${vehicle.loadKg} kg`);
  });
});
