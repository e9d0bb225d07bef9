import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { dependentRefs } from '../../shared/schema/refDepends.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { dynamicView } from '../db/connect.js';

const WAYBILL = 'tms/waybill/waybill';
type Row = Record<string, unknown>;

describe.each(dialects())(
  'form choices on the server: dependent (x-ref-depends) and filling (x-ref-fill) references, yes/no answers, on %s',
  (dialect) => {
    let t: TestApp;
    let admin: Caller;
    const db = () => t.app.ctx.database.db;
    // Two carriers of C1001, each with a driver and a vehicle of its own.
    let mine: Row;
    let other: Row;
    let waybill: Row;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      admin = await signIn(t.app, 'admin');
      waybill = (await db()
        .selectFrom('tms_waybill')
        .selectAll()
        .where('partyCode', '=', 'C1001')
        .where('status', '=', 'created')
        .orderBy('id')
        .executeTakeFirstOrThrow()) as Row;
      mine = { carrierCode: waybill.carrierCode, driverIdcard: waybill.driverIdcard, plate: waybill.plate };
      const d = (await db()
        .selectFrom('tms_driver')
        .select(['idcard', 'carrierCode'])
        .where('partyCode', '=', 'C1001')
        .where('carrierCode', '!=', waybill.carrierCode as string)
        .orderBy('id')
        .executeTakeFirstOrThrow()) as Row;
      const v = (await db()
        .selectFrom('tms_vehicle')
        .select(['plate'])
        .where('carrierCode', '=', d.carrierCode as string)
        .orderBy('id')
        .executeTakeFirstOrThrow()) as Row;
      other = { carrierCode: d.carrierCode, driverIdcard: d.idcard, plate: v.plate };
    });
    afterAll(async () => {
      await t?.close();
    });

    it('every declared dependency holds in the demo data, so no page is refused for its own rows', async () => {
      const pages = [...t.app.ctx.schemas.pages.values()].filter((p) => p.resource && dependentRefs(p).length);
      expect(pages.length).toBeGreaterThan(10);
      let compared = 0;
      for (const page of pages as PageSchema[]) {
        const rows = (await dynamicView(db()).selectFrom(page.resource!.table).selectAll().execute()) as Row[];
        for (const [name, f, depends] of dependentRefs(page)) {
          const target = t.app.ctx.schemas.pages.get(f['x-ref']!)!;
          const key = target.resource!.key ?? 'id';
          const parents = new Map(
            ((await dynamicView(db()).selectFrom(target.resource!.table).selectAll().execute()) as Row[]).map((r) => [String(r[key]), r]),
          );
          for (const row of rows) {
            const raw = row[name];
            if (raw === null || raw === undefined || raw === '') continue;
            const values = f['x-ref-multiple'] || f.type === 'array' ? (JSON.parse(String(raw)) as unknown[]) : [raw];
            for (const v of values) {
              const ref = parents.get(String(v));
              if (!ref) continue;
              for (const [theirs, ours] of Object.entries(depends)) {
                if (row[ours] === null || row[ours] === undefined || row[ours] === '') continue;
                compared++;
                expect(`${page.id} #${row.id} ${name}=${String(v)}: ${theirs}=${String(ref[theirs])}`).toBe(
                  `${page.id} #${row.id} ${name}=${String(v)}: ${theirs}=${String(row[ours])}`,
                );
              }
            }
          }
        }
      }
      // The demo rows fill these fields: the check compared real pairs, not nothing.
      expect(compared).toBeGreaterThan(500);
    });

    it('the options route narrows a dependent picker by its parent, server-side', async () => {
      const all = dataOf(await admin.get('tms/base/driver', `/options?q=`)) as { value: string }[];
      const narrowed = dataOf(
        await admin.get('tms/base/driver', `/options?carrierCode=${encodeURIComponent(String(other.carrierCode))}`),
      ) as { value: string }[];
      expect(narrowed.length).toBeGreaterThan(0);
      expect(narrowed.length).toBeLessThan(all.length + 1);
      const carriers = await db()
        .selectFrom('tms_driver')
        .select(['idcard', 'carrierCode'])
        .where(
          'idcard',
          'in',
          narrowed.map((o) => o.value),
        )
        .execute();
      expect(new Set(carriers.map((c) => c.carrierCode))).toEqual(new Set([other.carrierCode]));
    });

    it('refuses a create whose driver and vehicle belong to another carrier, on those fields, writing nothing', async () => {
      const before = await countRows(t, 'tms_waybill');
      const body = {
        partyCode: 'C1001',
        orderNo: waybill.orderNo,
        shipperCode: waybill.shipperCode,
        ...mine,
        driverIdcard: other.driverIdcard,
        plate: other.plate,
        originRegion: JSON.parse(String(waybill.originRegion)),
        destRegion: JSON.parse(String(waybill.destRegion)),
        goodsName: 'x',
        goodsType: waybill.goodsType,
        weightKg: 100,
        freightFen: 109_000,
        driverFreightFen: 90_000,
      };
      const res = await admin.post(WAYBILL, '', body, { 'accept-language': 'en' });
      const errors = refusal(res, 400).data.fieldErrors as Record<string, string>;
      expect(errors.driverIdcard).toContain(String(other.driverIdcard));
      expect(errors.driverIdcard).toMatch(/does not belong to the chosen Carrier/);
      expect(errors.plate).toMatch(/does not belong to the chosen Carrier/);
      expect(await countRows(t, 'tms_waybill')).toBe(before);
    });

    it('refuses an edit that changes the parent only, leaving the child of the old parent', async () => {
      const res = await admin.put(WAYBILL, `/${waybill.id}`, { version: waybill.version, carrierCode: other.carrierCode });
      const errors = refusal(res, 400).data.fieldErrors as Record<string, string>;
      expect(Object.keys(errors)).toEqual(expect.arrayContaining(['driverIdcard', 'plate']));
      const after = await db()
        .selectFrom('tms_waybill')
        .select(['carrierCode', 'version'])
        .where('id', '=', Number(waybill.id))
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ carrierCode: waybill.carrierCode, version: waybill.version });
    });

    it('the options route answers the fields a fill reads, and no others', async () => {
      const carrier = (await db()
        .selectFrom('tms_carrier')
        .select(['code', 'carrierType'])
        .where('carrierType', '=', 'enterprise')
        .orderBy('id')
        .executeTakeFirstOrThrow()) as Row;
      const [opt] = dataOf(await admin.get('tms/base/carrier', `/options?ids=${carrier.code}&fields=carrierType,phone,roadPermit`)) as {
        value: string;
        fields: Row;
      }[];
      expect(opt.fields).toEqual({ carrierType: 'enterprise' });
      const [plain] = dataOf(await admin.get('tms/base/carrier', `/options?ids=${carrier.code}`)) as Row[];
      expect(Object.keys(plain).sort()).toEqual(['label', 'value']);
    });

    it('a create that leaves a filled field out takes it from the chosen record, not the static default', async () => {
      const pick = async (type: string) =>
        (await db()
          .selectFrom('tms_vehicle as v')
          .innerJoin('tms_carrier as c', 'c.code', 'v.carrierCode')
          .innerJoin('tms_driver as d', 'd.idcard', 'v.driverIdcard')
          .select(['v.plate', 'v.carrierCode', 'v.driverIdcard'])
          .where('c.carrierType', '=', type)
          .where('v.partyCode', '=', 'C1001')
          .where('v.inspectionExpireAt', '>', today)
          .where('d.licenseExpireAt', '>', today)
          .where('d.qualificationExpireAt', '>', today)
          .where('c.permitExpireAt', '>', today)
          .where('d.licenseClass', '=', 'A2')
          .orderBy('v.id')
          .executeTakeFirst()) as Row | undefined;
      const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
      let tried = 0;
      for (const [type, withheld] of [
        ['enterprise', false],
        ['fleet', true],
        ['individual', true],
      ] as const) {
        const v = await pick(type);
        if (!v) continue;
        tried += type === 'enterprise' ? 10 : 1;
        const body = {
          partyCode: 'C1001',
          orderNo: waybill.orderNo,
          shipperCode: waybill.shipperCode,
          carrierCode: v.carrierCode,
          driverIdcard: v.driverIdcard,
          plate: v.plate,
          originRegion: JSON.parse(String(waybill.originRegion)),
          destRegion: JSON.parse(String(waybill.destRegion)),
          goodsName: 'x',
          goodsType: waybill.goodsType,
          weightKg: 100,
          freightFen: 109_000,
          driverFreightFen: 90_000,
        };
        const created = dataOf(await admin.post(WAYBILL, '', body), 201);
        expect(created.taxWithheld).toBe(withheld);
        // A settlement naming the waybill alone gets its parties, money and taxes from it, and its rules hold.
        const settlement = dataOf(
          await admin.post('tms/settlement/settlement', '', { partyCode: 'C1001', waybillNo: created.waybillNo }),
          201,
        );
        expect(settlement).toMatchObject({
          shipperCode: body.shipperCode,
          carrierCode: v.carrierCode,
          driverIdcard: v.driverIdcard,
          freightFen: 90_000,
          taxWithheld: withheld,
        });
      }
      // The enterprise carrier (whose default would have been refused) and at least one other kind.
      expect(tried).toBeGreaterThan(10);
    });

    it('a delivery answered "No" to both yes/no questions is accepted; an unanswered one is refused on its field', async () => {
      const w = (await db()
        .selectFrom('tms_waybill')
        .select(['id', 'version'])
        .where('status', '=', 'inTransit')
        .orderBy('id')
        .executeTakeFirstOrThrow()) as Row;
      const deliveredAt = new Date().toISOString();
      const missing = refusal(
        await admin.post(
          WAYBILL,
          `/${w.id}/transitions/deliver`,
          { deliveredAt, damage: false, version: w.version },
          { 'accept-language': 'en' },
        ),
        400,
      );
      expect(Object.keys(missing.data.fieldErrors)).toEqual(['onTimeDelivery']);
      const done = dataOf(
        await admin.post(WAYBILL, `/${w.id}/transitions/deliver`, {
          deliveredAt,
          onTimeDelivery: false,
          damage: false,
          version: w.version,
        }),
      );
      expect(done).toMatchObject({ status: 'delivered', onTimeDelivery: false, damage: false });
    });
  },
);
