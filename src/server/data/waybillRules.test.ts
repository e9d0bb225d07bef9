import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';

const WAYBILL = 'tms/waybill/waybill';
const SETTLEMENT = 'tms/settlement/settlement';
const CARRIER = 'tms/base/carrier';
type Row = Record<string, unknown>;

/** Time order, weight, county-level regions and the withheld VAT base of a waybill, as the server enforces them. */
describe.each(dialects())('waybill rules on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  let van: Row;
  let order: Row;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    van = (await db()
      .selectFrom('tms_vehicle as v')
      .innerJoin('tms_driver as d', 'd.idcard', 'v.driverIdcard')
      .innerJoin('tms_carrier as c', 'c.code', 'v.carrierCode')
      .select(['v.plate', 'v.carrierCode', 'v.driverIdcard', 'c.carrierType'])
      .where('v.partyCode', '=', 'C1001')
      .where('v.status', '=', 'active')
      .where('v.vehicleType', '!=', 'tractor')
      .where('v.loadKg', '>=', 2000)
      .where('v.inspectionExpireAt', '>', today)
      .where('d.licenseExpireAt', '>', today)
      .where('d.qualificationExpireAt', '>', today)
      .where('c.permitExpireAt', '>', today)
      .where('c.carrierType', '!=', 'enterprise')
      .orderBy('v.plate')
      .executeTakeFirstOrThrow()) as Row;
    order = (await db()
      .selectFrom('tms_order')
      .select(['orderNo', 'shipperCode'])
      .where('partyCode', '=', 'C1001')
      .orderBy('orderNo')
      .executeTakeFirstOrThrow()) as Row;
  });
  afterAll(async () => {
    await t?.close();
  });

  const inA = (page: string, body: Row) => admin.post(page, '', { partyCode: 'C1001', ...body });
  const fieldErrors = (res: Awaited<ReturnType<Caller['post']>>) => refusal(res, 400).data.fieldErrors as Record<string, string>;
  const waybill = (extra: Row = {}): Row => ({
    orderNo: order.orderNo,
    shipperCode: order.shipperCode,
    carrierCode: van.carrierCode,
    driverIdcard: van.driverIdcard,
    plate: van.plate,
    originRegion: ['310000', '310100', '310114'],
    destRegion: ['320000', '320500', '320507'],
    goodsName: '日用品',
    goodsType: 'fmcg',
    weightKg: 1200,
    freightFen: 109_000,
    driverFreightFen: 90_000,
    taxWithheld: true,
    iitRate: 0.01,
    ...extra,
  });
  const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

  it('refuses a weight of 0, a delivery before loading and times in the future, naming the field, and stores nothing', async () => {
    const before = await countRows(t, 'tms_waybill');
    const zero = fieldErrors(await inA(WAYBILL, waybill({ weightKg: 0 })));
    expect(Object.keys(zero)).toEqual(['weightKg']);
    expect(zero.weightKg).toMatch(/greater than 0/);
    const backwards = fieldErrors(await inA(WAYBILL, waybill({ loadedAt: hoursFromNow(-5), deliveredAt: hoursFromNow(-30) })));
    expect(Object.keys(backwards)).toEqual(['deliveredAt']);
    const future = fieldErrors(await inA(WAYBILL, waybill({ loadedAt: hoursFromNow(3) })));
    expect(Object.keys(future)).toEqual(['loadedAt']);
    expect(future.loadedAt).toMatch(/cannot be in the future/);
    const res = await t.app.inject({
      method: 'POST',
      url: pageUrl(WAYBILL),
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en' },
      payload: { ...waybill({ deliveredAt: hoursFromNow(48), loadedAt: hoursFromNow(-2) }), partyCode: 'C1001' },
    });
    expect(fieldErrors(res).deliveredAt).toMatch(/cannot be in the future/);
    expect(await countRows(t, 'tms_waybill')).toBe(before);
  });

  it('holds the time order through the transitions: departing in the future and delivering before loading are refused', async () => {
    const w = dataOf(await inA(WAYBILL, waybill()), 201);
    dataOf(await admin.post(WAYBILL, `/${w.id}/transitions/load`, { version: w.version }));
    const loading = dataOf(await admin.get(WAYBILL, `/${w.id}`));
    expect(
      Object.keys(
        refusal(await admin.post(WAYBILL, `/${w.id}/transitions/depart`, { loadedAt: hoursFromNow(2), version: loading.version }), 400).data
          .fieldErrors,
      ),
    ).toEqual(['loadedAt']);
    dataOf(await admin.post(WAYBILL, `/${w.id}/transitions/depart`, { loadedAt: hoursFromNow(-4), version: loading.version }));
    const moving = dataOf(await admin.get(WAYBILL, `/${w.id}`));
    const early = { deliveredAt: hoursFromNow(-6), onTimeDelivery: true, damage: false, version: moving.version };
    expect(Object.keys(refusal(await admin.post(WAYBILL, `/${w.id}/transitions/deliver`, early), 400).data.fieldErrors)).toEqual([
      'deliveredAt',
    ]);
    expect(dataOf(await admin.get(WAYBILL, `/${w.id}`)).status).toBe('inTransit');
    dataOf(await admin.post(WAYBILL, `/${w.id}/transitions/deliver`, { ...early, deliveredAt: hoursFromNow(-1) }));
    expect(dataOf(await admin.get(WAYBILL, `/${w.id}`)).status).toBe('delivered');
  });

  it('requires county-level codes for loading and unloading places, from the same complete list the picker offers', async () => {
    const before = await countRows(t, 'tms_waybill');
    const errors = fieldErrors(await inA(WAYBILL, waybill({ originRegion: ['320000', '320500'], destRegion: ['310000'] })));
    expect(Object.keys(errors).sort()).toEqual(['destRegion', 'originRegion']);
    expect(errors.originRegion).toMatch(/stops above the county/);
    expect(await countRows(t, 'tms_waybill')).toBe(before);
    // A county outside the console's old hand-written subset is a real division and is accepted.
    const w = dataOf(await inA(WAYBILL, waybill({ originRegion: ['650000', '652300', '652327'] })), 201);
    expect(w.originRegion).toEqual(['650000', '652300', '652327']);
    // The demo waybills all name counties.
    const rows = await db().selectFrom('tms_waybill').select(['originRegion', 'destRegion']).execute();
    const short = rows.filter((r) => [r.originRegion, r.destRegion].some((v) => (typeof v === 'string' ? JSON.parse(v) : v).length !== 3));
    expect(rows.length).toBeGreaterThan(1000);
    expect(short).toEqual([]);
  });

  it('withholds VAT on the income excluding VAT: round(G ÷ 1.01 × 1%) = round(G ÷ 101), on waybills and settlements alike', async () => {
    const w = dataOf(await inA(WAYBILL, waybill({ driverFreightFen: 90_000, extraFeeFen: 10_000 })), 201);
    // G = 100,000: VAT 990 (not 1,000), surcharges round(990 × 12%) = 119, stamp 30, income tax 1,000.
    expect(w.withheldTaxFen).toBe(990 + 119 + 30 + 1_000);
    const s = dataOf(
      await inA(SETTLEMENT, {
        waybillNo: w.waybillNo,
        shipperCode: w.shipperCode,
        carrierCode: w.carrierCode,
        driverIdcard: w.driverIdcard,
        freightFen: 90_000,
        extraFeeFen: 10_000,
        deductionFen: 0,
        advanceFen: 0,
        taxWithheld: true,
        iitRate: 0.01,
      }),
      201,
    );
    expect(s.withheldTaxFen).toBe(w.withheldTaxFen);
    // 1,234,567 fen: 1,234,567 ÷ 101 = 12,223.43… → 12,223 (to the nearest fen; 101 is odd, so there is never a tie).
    const big = dataOf(await inA(WAYBILL, waybill({ freightFen: 1_500_000, driverFreightFen: 1_234_567, weightKg: 1000 })), 201);
    expect(big.withheldTaxFen).toBe(12_223 + Math.round(12_223 * 0.12) + Math.round(1_234_567 * 0.0003) + Math.round(1_234_567 * 0.01));
  });

  it('refuses a road transport permit of twelve zeros or of no province', async () => {
    const base = {
      partyCode: 'C1001',
      name: '测试承运商',
      carrierType: 'individual',
      contact: '张三',
      phone: '13912340000',
      status: 'active',
    };
    for (const roadPermit of ['000000000000', '990100123456', '320500000000']) {
      expect(Object.keys(fieldErrors(await admin.post(CARRIER, '', { ...base, roadPermit }))), roadPermit).toContain('roadPermit');
    }
  });
});
