import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer, createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { boolParam } from '../db/connect.js';
import { TODO_TARGETS, pageIdOf } from '../../shared/routes/todoCounters.js';
import { isBankCard, isPlateNumber, isResidentId, isRoadTransportPermit, isSocialCreditCode } from '../../shared/validators.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { isRegionChain } from '../../shared/regions/index.js';
import { dynamicView } from '../db/connect.js';

const DAY = 86_400_000;
const WAYBILL = 'tms/waybill/waybill';
const ORDER = 'tms/order/order_manage';
const SHIPPER_REVIEW = 'tms/review/shipperReview';
const CARRIER_REVIEW = 'tms/review/carrierReview';
const REPORT = 'tms/report/freightReport';

describe.each(dialects())('freight operations pages on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  let custA: Caller;
  let seedMs = 0;
  beforeAll(async () => {
    const started = performance.now();
    t = await createTestApp(dialect);
    seedMs = performance.now() - started;
    admin = await signIn(t.app, 'admin');
    staff = await signIn(t.app, 'staff');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.database.db;
  const page = (id: string) => t.app.ctx.schemas.pages.get(id) as PageSchema;

  /** COUNT(*) of a page's table under its to-do filter, optionally for one organisation. */
  async function directTodoCount(p: PageSchema, party?: string): Promise<number> {
    let q = dynamicView(db())
      .selectFrom(p.resource!.table)
      .select((eb) => eb.fn.countAll().as('n'));
    for (const [field, value] of Object.entries(p.list!.todo!)) {
      q = q.where(field, '=', (typeof value === 'boolean' ? boolParam(t.app.ctx.database, value) : value) as never);
    }
    if (party && p.resource!.scope === 'party') q = q.where('partyCode', '=', party);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  async function todoCounts(token: string): Promise<Record<string, number>> {
    const res = await t.app.inject({ method: 'GET', url: '/open-platform/todoCount', headers: bearer(token) });
    return dataOf(res);
  }

  it('seeds the freight pages quickly and in realistic volumes', async () => {
    console.log(`freight demo on ${dialect}: app with seeded data ready in ${Math.round(seedMs)} ms`);
    expect(await countRows(t, 'tms_shipper')).toBe(40);
    expect(await countRows(t, 'tms_carrier')).toBe(25);
    expect(await countRows(t, 'tms_driver')).toBe(120);
    expect(await countRows(t, 'tms_vehicle')).toBe(120);
    expect(await countRows(t, 'tms_order')).toBeGreaterThan(2800);
    expect(await countRows(t, 'tms_waybill')).toBeGreaterThan(2800);
    for (const party of ['C1001', 'C1002', 'P0001']) expect(await countRows(t, 'tms_waybill', { partyCode: party })).toBeGreaterThan(200);
    // Records spread over the 90 days before the database was created.
    for (const table of ['tms_order', 'tms_waybill']) {
      const span = await dynamicView(db())
        .selectFrom(table)
        .select((eb) => [eb.fn.min('createdAt').as('first'), eb.fn.max('createdAt').as('last')])
        .executeTakeFirstOrThrow();
      expect(Date.parse(String(span.first))).toBeGreaterThan(Date.now() - 91 * DAY);
      expect(Date.parse(String(span.first))).toBeLessThan(Date.now() - 85 * DAY);
      expect(Date.parse(String(span.last))).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(String(span.last))).toBeGreaterThan(Date.now() - 3 * DAY);
    }
    const freight = await db()
      .selectFrom('tms_waybill')
      .select((eb) => [eb.fn.min('freightFen').as('lo'), eb.fn.max('freightFen').as('hi')])
      .executeTakeFirstOrThrow();
    expect(Number(freight.lo)).toBeGreaterThanOrEqual(80_000);
    expect(Number(freight.hi)).toBeLessThanOrEqual(2_500_000);
  });

  it('generates data that is consistent across the tables', async () => {
    const missing = async (from: string, column: string, target: string, key: string) => {
      const rows = await dynamicView(db())
        .selectFrom(`${from} as a`)
        .leftJoin(`${target} as b`, `a.${column}`, `b.${key}`)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(`a.${column}`, 'is not', null)
        .where(`b.${key}`, 'is', null)
        .executeTakeFirstOrThrow();
      return Number(rows.n);
    };
    const refs: [string, string, string, string][] = [
      ['tms_waybill', 'orderNo', 'tms_order', 'orderNo'],
      ['tms_waybill', 'shipperCode', 'tms_shipper', 'code'],
      ['tms_waybill', 'carrierCode', 'tms_carrier', 'code'],
      ['tms_waybill', 'driverIdcard', 'tms_driver', 'idcard'],
      ['tms_waybill', 'plate', 'tms_vehicle', 'plate'],
      ['tms_order', 'shipperCode', 'tms_shipper', 'code'],
      ['tms_driver', 'carrierCode', 'tms_carrier', 'code'],
      ['tms_vehicle', 'driverIdcard', 'tms_driver', 'idcard'],
      ['tms_shipper_cert', 'shipperCode', 'tms_shipper', 'code'],
      ['tms_carrier_cert', 'carrierCode', 'tms_carrier', 'code'],
      ['tms_freight_valuation', 'waybillNo', 'tms_waybill', 'waybillNo'],
      ['tms_settlement', 'waybillNo', 'tms_waybill', 'waybillNo'],
      ['tms_remit_approval', 'settlementNo', 'tms_settlement', 'settlementNo'],
      ['tms_transport_exception', 'waybillNo', 'tms_waybill', 'waybillNo'],
      ['tms_transfer_apply', 'waybillNo', 'tms_waybill', 'waybillNo'],
      ['tms_track_alert', 'waybillNo', 'tms_waybill', 'waybillNo'],
      ['news_payment_reminder', 'settlementNo', 'tms_settlement', 'settlementNo'],
      ['tms_invoice_apply', 'shipperCode', 'tms_shipper', 'code'],
      ['tms_reconciliation', 'shipperCode', 'tms_shipper', 'code'],
      ['tms_cargo_source', 'shipperCode', 'tms_shipper', 'code'],
    ];
    for (const [from, column, target, key] of refs)
      expect({ from, column, missing: await missing(from, column, target, key) }).toEqual({ from, column, missing: 0 });

    // A waybill belongs to the organisation of its order, shipper and carrier.
    const crossParty = await db()
      .selectFrom('tms_waybill as w')
      .innerJoin('tms_order as o', 'o.orderNo', 'w.orderNo')
      .innerJoin('tms_shipper as s', 's.code', 'w.shipperCode')
      .innerJoin('tms_carrier as c', 'c.code', 'w.carrierCode')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) =>
        eb.or([
          eb('o.partyCode', '!=', eb.ref('w.partyCode')),
          eb('s.partyCode', '!=', eb.ref('w.partyCode')),
          eb('c.partyCode', '!=', eb.ref('w.partyCode')),
          eb('o.shipperCode', '!=', eb.ref('w.shipperCode')),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(Number(crossParty.n)).toBe(0);
    // A waybill's vehicle is driven by its driver and run by its carrier.
    const vehicleMismatch = await db()
      .selectFrom('tms_waybill as w')
      .innerJoin('tms_vehicle as v', 'v.plate', 'w.plate')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.or([eb('v.driverIdcard', '!=', eb.ref('w.driverIdcard')), eb('v.carrierCode', '!=', eb.ref('w.carrierCode'))]))
      .executeTakeFirstOrThrow();
    expect(Number(vehicleMismatch.n)).toBe(0);
    // Settled waybills have a paid settlement; every settlement's gross (before withheld taxes) is its valued freight.
    const unpaid = await db()
      .selectFrom('tms_waybill as w')
      .leftJoin('tms_settlement as s', 's.waybillNo', 'w.waybillNo')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('w.status', '=', 'settled')
      .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '!=', 'paid')]))
      .executeTakeFirstOrThrow();
    expect(Number(unpaid.n)).toBe(0);
    const offValue = await db()
      .selectFrom('tms_settlement as s')
      .innerJoin('tms_freight_valuation as v', 'v.waybillNo', 's.waybillNo')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) =>
        eb.or([
          eb('v.status', '!=', 'valued'),
          eb('v.valuatedFreightFen', '!=', sql<number>`s."freightFen" + s."extraFeeFen" - s."deductionFen"`),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(Number(offValue.n)).toBe(0);
    // Only certified shippers and carriers carry freight.
    const uncertified = await db()
      .selectFrom('tms_waybill as w')
      .innerJoin('tms_carrier_cert as c', 'c.carrierCode', 'w.carrierCode')
      .innerJoin('tms_shipper_cert as s', 's.shipperCode', 'w.shipperCode')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.and([eb('c.certType', '=', 'initial'), eb('c.status', '!=', 'approved')]))
      .executeTakeFirstOrThrow();
    expect(Number(uncertified.n)).toBe(0);
    // An order's waybills together carry its quoted freight.
    const sums = await db()
      .selectFrom('tms_order as o')
      .innerJoin('tms_waybill as w', 'w.orderNo', 'o.orderNo')
      .select(['o.orderNo', 'o.quotedFreightFen', (eb) => eb.fn.sum('w.freightFen').as('total')])
      .groupBy(['o.orderNo', 'o.quotedFreightFen'])
      .execute();
    expect(sums.length).toBeGreaterThan(2500);
    expect(sums.filter((r) => Number(r.total) !== Number(r.quotedFreightFen))).toEqual([]);
  });

  it('generates identifiers that pass the platform’s checks', async () => {
    const drivers = await db().selectFrom('tms_driver').select(['idcard', 'bankCard', 'phone']).execute();
    expect(
      drivers.filter((d) => !isResidentId(String(d.idcard)) || !isBankCard(String(d.bankCard)) || !/^1\d{10}$/.test(String(d.phone))),
    ).toEqual([]);
    const vehicles = await db().selectFrom('tms_vehicle').select(['plate', 'energyType', 'roadTransportCertNo']).execute();
    expect(vehicles.filter((v) => !isPlateNumber(String(v.plate)) || !isRoadTransportPermit(String(v.roadTransportCertNo)))).toEqual([]);
    expect(vehicles.filter((v) => v.energyType === 'electric' || v.energyType === 'hybrid').every((v) => v.plate?.length === 8)).toBe(true);
    expect(vehicles.some((v) => v.plate?.length === 8)).toBe(true);
    const companies = [
      ...(await db().selectFrom('tms_shipper').select('uscc').execute()),
      ...(await db().selectFrom('tms_carrier').select('uscc').execute()),
    ];
    expect(companies.filter((c) => !isSocialCreditCode(String(c.uscc)))).toEqual([]);
    // Regions are county-level GB/T 2260 chains of the division list the region picker offers.
    const paths = await db().selectFrom('tms_waybill').select(['originRegion', 'destRegion']).execute();
    const badPath = (json: string | null) => {
      const codes = JSON.parse(json ?? '[]') as string[];
      return codes.length !== 3 || !isRegionChain(codes);
    };
    expect(paths.filter((p) => badPath(p.originRegion) || badPath(p.destRegion))).toEqual([]);
    const numbers = await db().selectFrom('tms_waybill').select(['waybillNo', 'createdAt']).execute();
    expect(numbers.filter((w) => !/^YD\d{14}$/.test(String(w.waybillNo)))).toEqual([]);
    // The date in a waybill number is its creation day in China time.
    const cst = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
    expect(numbers.filter((w) => String(w.waybillNo).slice(2, 10) !== cst(w.createdAt))).toEqual([]);
  });

  it('answers every to-do counter with a direct count of its page’s to-do filter, per organisation scope', async () => {
    const adminCounts = await todoCounts(admin.token);
    const custCounts = await todoCounts(custA.token);
    expect(Object.keys(adminCounts).sort()).toEqual(TODO_TARGETS.map(([name]) => name).sort());
    for (const [name, target] of TODO_TARGETS) {
      const p = page(pageIdOf(target));
      expect(p, `page ${pageIdOf(target)} of ${name}`).toBeDefined();
      expect(p.list?.todo, `list.todo of ${p.id}`).toBeDefined();
      expect({ name, count: adminCounts[name] }).toEqual({ name, count: await directTodoCount(p) });
      // A customer has the counters of the queues it can work (its own orders), each within its organisation.
      if (name in custCounts) expect({ name, count: custCounts[name] }).toEqual({ name, count: await directTodoCount(p, 'C1001') });
      // Realistic: something to do, but not everything.
      expect(adminCounts[name], name).toBeGreaterThanOrEqual(3);
      expect(adminCounts[name], name).toBeLessThanOrEqual(60);
      if (name in custCounts) expect(custCounts[name], name).toBeLessThanOrEqual(adminCounts[name]);
    }
    expect(custCounts).toHaveProperty('miss_order_count');
    expect(custCounts).not.toHaveProperty('auth_count');
  });

  it('lists exactly the counted records with ?todo=1', async () => {
    const adminCounts = await todoCounts(admin.token);
    const custCounts = await todoCounts(custA.token);
    for (const [name, target] of TODO_TARGETS) {
      const p = page(pageIdOf(target));
      for (const [who, counts] of [
        [admin, adminCounts],
        [custA, custCounts],
      ] as const) {
        if (!(name in counts)) continue;
        const list = dataOf(await who.get(p.id, '?todo=1&size=200'));
        expect({ name, total: list.total }).toEqual({ name, total: counts[name] });
        expect(list.list).toHaveLength(counts[name]);
        for (const record of list.list) expect(record).toMatchObject(p.list!.todo!);
        if (who === custA && p.resource!.scope === 'party')
          expect(list.list.every((r: { partyCode: string }) => r.partyCode === 'C1001')).toBe(true);
      }
      // Without the flag the list shows more than the to-dos.
      expect(dataOf(await admin.get(p.id, '?size=1')).total).toBeGreaterThan(adminCounts[name]);
    }
  });

  it('approves and rejects reviews through transitions, moving the counters', async () => {
    const pending = async (p: string) =>
      dataOf(await staff.get(p, '?todo=1&size=5&sort=-submittedAt')).list as { id: number; version: number; status: string }[];
    const before = await todoCounts(admin.token);

    const [first, second] = await pending(SHIPPER_REVIEW);
    refusal(await custA.post(SHIPPER_REVIEW, `/${first.id}/transitions/approve`, {}), 403);
    const approved = dataOf(
      await staff.post(SHIPPER_REVIEW, `/${first.id}/transitions/approve`, {
        reviewRemark: '营业执照与法人身份证核验一致',
        version: first.version,
      }),
    );
    expect(approved).toMatchObject({
      id: first.id,
      status: 'approved',
      reviewRemark: '营业执照与法人身份证核验一致',
      version: first.version + 1,
      updatedBy: 'staff',
    });
    expect((await todoCounts(admin.token)).auth_shipper_count).toBe(before.auth_shipper_count - 1);

    const noReason = refusal(await staff.post(SHIPPER_REVIEW, `/${second.id}/transitions/reject`, {}), 400);
    expect(Object.keys(noReason.data.fieldErrors)).toEqual(['rejectReason']);
    expect(dataOf(await staff.post(SHIPPER_REVIEW, `/${second.id}/transitions/reject`, { rejectReason: '营业执照已过期' })).status).toBe(
      'rejected',
    );
    expect((await todoCounts(admin.token)).auth_shipper_count).toBe(before.auth_shipper_count - 2);
    refusal(await staff.post(SHIPPER_REVIEW, `/${second.id}/transitions/approve`, {}), 409);
    // Resubmitted, it waits for review again.
    expect(dataOf(await staff.post(SHIPPER_REVIEW, `/${second.id}/transitions/resubmit`, {})).status).toBe('pending');
    expect((await todoCounts(admin.token)).auth_shipper_count).toBe(before.auth_shipper_count - 1);

    const [carrier] = await pending(CARRIER_REVIEW);
    expect(dataOf(await staff.post(CARRIER_REVIEW, `/${carrier.id}/transitions/approve`, {})).status).toBe('approved');
    expect((await todoCounts(admin.token)).auth_count).toBe(before.auth_count - 1);
    // Revoking a certification is for administrators, not staff.
    refusal(await staff.post(CARRIER_REVIEW, `/${carrier.id}/transitions/revoke`, { rejectReason: '许可证被吊销' }), 403);
  });

  it('groups the freight report by month, adding up to the waybill totals in the caller’s scope', async () => {
    const totals = async (party?: string) => {
      let q = db()
        .selectFrom('tms_waybill')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('freightFen').as('fen')]);
      if (party) q = q.where('partyCode', '=', party);
      const r = await q.executeTakeFirstOrThrow();
      return { count: Number(r.n), freight: Number(r.fen) };
    };
    for (const [who, party] of [
      [admin, undefined],
      [custA, 'C1001'],
    ] as const) {
      const groups = dataOf(await who.get(REPORT, '/report')) as { key: string; waybillCount: number; freightTotal: number }[];
      expect(groups.length).toBeGreaterThanOrEqual(3);
      expect(groups.length).toBeLessThanOrEqual(5);
      for (const g of groups) {
        expect(g.key).toMatch(/^\d{4}-\d{2}$/);
        // Between 800 and 25,000 yuan a truckload on average.
        expect(g.freightTotal / g.waybillCount).toBeGreaterThan(80_000);
        expect(g.freightTotal / g.waybillCount).toBeLessThan(2_500_000);
      }
      const expected = await totals(party);
      expect({ count: groups.reduce((s, g) => s + g.waybillCount, 0), freight: groups.reduce((s, g) => s + g.freightTotal, 0) }).toEqual(
        expected,
      );
    }
    // A filter from the report's list narrows the groups the same way.
    const settled = dataOf(await admin.get(REPORT, '/report?status=settled')) as { waybillCount: number }[];
    expect(settled.reduce((s, g) => s + g.waybillCount, 0)).toBe(await countRows(t, 'tms_waybill', { status: 'settled' }));
  });

  it('lets a customer administrator create an order for its own shipper only, and counts it as missing data', async () => {
    const own = await db()
      .selectFrom('tms_shipper')
      .select('code')
      .where('partyCode', '=', 'C1001')
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const theirs = await db()
      .selectFrom('tms_shipper')
      .select('code')
      .where('partyCode', '=', 'C1002')
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const before = (await todoCounts(custA.token)).miss_order_count;
    const body = {
      orderNo: 'DD20991231000001',
      shipperCode: own.code,
      businessLine: 'ftl',
      goodsName: '热轧卷板',
      goodsType: 'steel',
      weightKg: 31_500,
      originRegion: ['320000', '320500', '320507'],
      destRegion: ['420000', '420100', '420111'],
      vehicleType: 'tractor',
      vehicleLength: 17.5,
      quotedFreightFen: 820_000,
    };
    const refused = refusal(await custA.post(ORDER, '', { ...body, shipperCode: theirs.code }), 400);
    expect(Object.keys(refused.data.fieldErrors)).toEqual(['shipperCode']);
    const created = dataOf(await custA.post(ORDER, '', body), 201);
    expect(created).toMatchObject({ partyCode: 'C1001', status: 'pending', dataComplete: false, quotedFreightFen: 820_000 });
    expect((await todoCounts(custA.token)).miss_order_count).toBe(before + 1);
    // Customers read and export waybills but cannot move them.
    const [waybill] = dataOf(await custA.get(WAYBILL, '?status=created&size=1')).list;
    if (waybill) refusal(await custA.post(WAYBILL, `/${waybill.id}/transitions/load`, {}), 403);
    const sample = await t.app.inject({
      method: 'GET',
      url: `/open-platform/data/${encodeURIComponent(WAYBILL)}/export?format=csv&status=inTransit`,
      headers: bearer(custA.token),
    });
    expect(sample.statusCode).toBe(200);
  });

  it('lets the customer edit or cancel its order before dispatch, and only staff after it', async () => {
    const own = await db()
      .selectFrom('tms_shipper')
      .select('code')
      .where('partyCode', '=', 'C1001')
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const body = {
      shipperCode: own.code,
      businessLine: 'ftl',
      goodsName: '冷轧板',
      goodsType: 'steel',
      weightKg: 20_000,
      originRegion: ['320000', '320500', '320507'],
      destRegion: ['420000', '420100', '420111'],
      vehicleType: 'tractor',
      vehicleLength: 13,
      quotedFreightFen: 500_000,
    };
    const a = dataOf(await custA.post(ORDER, '', body), 201);
    const edited = dataOf(await custA.put(ORDER, `/${a.id}`, { version: a.version, goodsName: '冷轧板卷' }));
    expect(edited.goodsName).toBe('冷轧板卷');
    // The customer's schema names only the states it may act in, so the console offers no more.
    const schema = dataOf(
      await t.app.inject({ method: 'GET', url: `/open-platform/schemas/${encodeURIComponent(ORDER)}`, headers: bearer(custA.token) }),
    );
    expect(schema.page.states.editableIn).toEqual(['pending']);
    expect(schema.page.states.transitions.find((x: { name: string }) => x.name === 'cancel').from).toEqual(['pending']);
    const cancelled = dataOf(await custA.post(ORDER, `/${a.id}/transitions/cancel`, { cancelReason: '客户取消', version: edited.version }));
    expect(cancelled.status).toBe('cancelled');

    const b = dataOf(await custA.post(ORDER, '', body), 201);
    const dispatched = dataOf(await admin.post(ORDER, `/${b.id}/transitions/dispatch`, { version: b.version }));
    refusal(await custA.put(ORDER, `/${b.id}`, { version: dispatched.version, goodsName: 'x' }), 409);
    refusal(await custA.post(ORDER, `/${b.id}/transitions/cancel`, { cancelReason: '晚了', version: dispatched.version }), 409);
    expect(await db().selectFrom('tms_order').select(['status', 'goodsName']).where('id', '=', b.id).executeTakeFirstOrThrow()).toEqual({
      status: 'dispatched',
      goodsName: '冷轧板',
    });
    // Staff still may, as before.
    expect(
      dataOf(await admin.post(ORDER, `/${b.id}/transitions/cancel`, { cancelReason: '承运商无车', version: dispatched.version })).status,
    ).toBe('cancelled');
  });
});
