import { TableNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';
import { multipart } from '../test/sheets.js';
import { schemasWithFixture } from '../test/fixtureSchemas.js';
import { prefetchRuleRefs, ruleContext } from '../data/ruleRefs.js';
import { prefetchAggregates } from '../data/ruleAggregates.js';
import type { Row } from '../data/rows.js';
import type { PageSchema } from '../../shared/schema/types.js';

const LOAD = 'importRules/load';

/** The database handle of `t`, counting its SELECTs (of `table` only, when given) in `reads.n`. */
function countingSelects(t: TestApp, table?: string) {
  const reads = { n: 0 };
  const db = t.app.ctx.database.db.withPlugin({
    transformQuery: (a) => {
      if (a.node.kind === 'SelectQueryNode') {
        const from = a.node.from?.froms[0];
        if (!table || (from && TableNode.is(from) && from.table.identifier.name === table)) reads.n++;
      }
      return a.node;
    },
    transformResult: async (a) => a.result,
  });
  return { db, reads };
}

describe.each(dialects())('import runs the page’s cross-field rules, on %s', (dialect) => {
  let t: TestApp;
  let fixture: ReturnType<typeof schemasWithFixture>;
  let custA: Caller;
  let vehicle: { plate: string; loadKg: number };
  let other: string;
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
    other = String(
      (
        await t.app.ctx.database.db
          .selectFrom('tms_vehicle')
          .select('plate')
          .where('partyCode', '=', 'C1001')
          .where('loadKg', '>', 21000)
          .where('plate', '!=', vehicle.plate)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).plate,
    );
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

  // A limit over other records (rules[].aggregate: at most 50,000 kg per plate) counts the file's own earlier rows too.
  it('refuses the row of a file that takes a total past its limit, in the dry run as in the import', async () => {
    const csv = file([
      ['Q1', other, 20000, ''],
      ['Q2', other, 20000, ''],
      ['Q3', other, 20000, ''],
    ]);
    const report = dataOf(await upload(csv, '?dryRun=1'));
    expect(report.valid).toBe(2);
    expect(report.errors).toEqual([
      { row: 4, field: 'pages.importRules.load.fields.weightKg', msg: 'pages.importRules.load.rules.plateQuota' },
    ]);
    expect(refusal(await upload(csv), 400).data.errors.map((e: { row: number }) => e.row)).toEqual([4]);
    expect(await countRows(t, 'demo_import_load', { plate: other })).toBe(0);
  });

  it('counts an imported file against the next one', async () => {
    expect(
      dataOf(
        await upload(
          file([
            ['Q1', other, 20000, ''],
            ['Q2', other, 20000, ''],
          ]),
        ),
      ).imported,
    ).toBe(2);
    expect(dataOf(await upload(file([['Q3', other, 10001, '']]), '?dryRun=1')).errors).toHaveLength(1);
    expect(dataOf(await upload(file([['Q3', other, 10000, '']]))).imported).toBe(1);
    expect(await countRows(t, 'demo_import_load', { plate: other })).toBe(3);
  });
  it('reads the records its rules name once per batch, the same records as one by one', async () => {
    const page = t.app.ctx.schemas.pages.get(LOAD) as PageSchema;
    const { db: counted, reads } = countingSelects(t);
    const records: Row[] = [vehicle.plate, other, 'NO SUCH PLATE', vehicle.plate].map((plate) => ({
      plate,
      weightKg: 1000,
      partyCode: 'C1001',
    }));
    const cache = new Map<string, Row | null>();
    await prefetchRuleRefs(t.app.ctx, page, records, counted, cache);
    expect(reads.n).toBe(1);
    for (const record of records) {
      const batched = await ruleContext(t.app.ctx, page, record, counted, cache);
      const alone = await ruleContext(t.app.ctx, page, record);
      expect(batched?.refs).toEqual(alone?.refs);
    }
    expect(records.map((r) => cache.get(`tms/base/vehicle\u0000${String(r.plate)}`)?.loadKg ?? null)).toEqual([
      vehicle.loadKg,
      expect.any(Number),
      null,
      vehicle.loadKg,
    ]);
    // Only the rule's figure (the plate quota) is read per record now.
    expect(reads.n).toBe(1 + records.length);
  });

  it('reads the records its dependent references name once per batch, the same records as one by one', async () => {
    const page = t.app.ctx.schemas.pages.get('tms/settlement/settlement') as PageSchema;
    expect(page.model!.properties.waybillNo['x-ref-depends']).toBeTruthy();
    const { db: counted, reads: waybillReads } = countingSelects(t, 'tms_waybill');
    const waybills = await t.app.ctx.database.db.selectFrom('tms_waybill').select('waybillNo').orderBy('id').limit(3).execute();
    const records: Row[] = [...waybills.map((w) => w.waybillNo), 'YD00000000000000', waybills[0].waybillNo].map((waybillNo) => ({
      waybillNo,
      partyCode: 'C1001',
    }));
    const cache = new Map<string, Row | null>();
    await prefetchRuleRefs(t.app.ctx, page, records, counted, cache);
    // One read for the waybills the rules compare with (rules[].with), one for the dependent reference's.
    expect(waybillReads.n).toBe(2);
    for (const record of records) {
      const batched = await ruleContext(t.app.ctx, page, record, counted, cache);
      const alone = await ruleContext(t.app.ctx, page, record);
      expect(batched?.depends).toEqual(alone?.depends);
    }
    expect(records.map((r) => (cache.get(`tms/waybill/waybill\u0000dep\u0000${String(r.waybillNo)}`) ? 'found' : null))).toEqual([
      'found',
      'found',
      'found',
      null,
      'found',
    ]);
    // Every record's waybill came from the cache, the one that names nothing included.
    expect(waybillReads.n).toBe(2);
  });

  it('reads a batch’s figures in one grouped query, the same figures as one by one', async () => {
    const page = t.app.ctx.schemas.pages.get(LOAD) as PageSchema;
    const { db: counted, reads: figureReads } = countingSelects(t, 'demo_import_load');
    const records: Row[] = [vehicle.plate, other, 'NO SUCH PLATE', other].map((plate) => ({ plate, weightKg: 1000, partyCode: 'C1001' }));
    const cache = new Map<string, Row | null>();
    await prefetchAggregates(t.app.ctx, page, records, counted, cache, () => true);
    expect(figureReads.n).toBe(1);
    const figures = [];
    for (const record of records) {
      const batched = await ruleContext(t.app.ctx, page, record, counted, cache);
      const alone = await ruleContext(t.app.ctx, page, record);
      expect(batched?.aggregates).toEqual(alone?.aggregates);
      figures.push(batched?.aggregates?.carried);
    }
    // The plate imported above carries its three loads; a plate with none carries 0.
    expect(figures[1]).toBeGreaterThan(0);
    expect(figures[2]).toBe(0);
    expect(figureReads.n).toBe(1);
  });
});

describe('an import report’s message', () => {
  it('does not repeat the field its row already names', async () => {
    const { withoutFieldPrefix } = await import('./importRows.js');
    expect(withoutFieldPrefix('Settlement no.: this settlement is already fully paid', 'Settlement no.')).toBe(
      'this settlement is already fully paid',
    );
    expect(withoutFieldPrefix('结算单号：该结算单已全部付清', '结算单号')).toBe('该结算单已全部付清');
    expect(withoutFieldPrefix('Weight must be later than Loaded at', 'Weight')).toBe('Weight must be later than Loaded at');
    expect(withoutFieldPrefix('Settlement no.: fully paid', '')).toBe('Settlement no.: fully paid');
  });
});
