import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';
import { residentIdCheckChar } from '../../shared/validators.js';
import { areaList } from '@vant/area-data';
import { isRegionChain } from './regions.js';

const WAYBILL = 'tms/waybill/waybill';
const SETTLEMENT = 'tms/settlement/settlement';
const REMIT = 'tms/Carrier/Approval';
const DRIVER = 'tms/base/driver';
const INVOICE = 'tms/invoice/drawInvoice';
type Row = Record<string, unknown>;

const residentId = (serial: number) => {
  const body = `32010219850301${String(serial).padStart(3, '0')}`;
  return body + residentIdCheckChar(body);
};

describe.each(dialects())('freight money rules on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  let van: Row;
  let withheld: Row;
  let tractor: Row;
  let order: Row;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    // A light van and a tractor of C1001 whose vehicle, driver and carrier documents are all valid today.
    const vehicles = await db()
      .selectFrom('tms_vehicle as v')
      .innerJoin('tms_driver as d', 'd.idcard', 'v.driverIdcard')
      .innerJoin('tms_carrier as c', 'c.code', 'v.carrierCode')
      .select(['v.plate', 'v.vehicleType', 'v.loadKg', 'v.carrierCode', 'v.driverIdcard', 'd.licenseClass', 'c.carrierType'])
      .where('v.partyCode', '=', 'C1001')
      .where('v.status', '=', 'active')
      .where('v.inspectionExpireAt', '>', today)
      .where('d.licenseExpireAt', '>', today)
      .where('d.qualificationExpireAt', '>', today)
      .where('c.permitExpireAt', '>', today)
      .orderBy('v.plate')
      .execute();
    van = vehicles.find((v) => v.vehicleType === 'lightVan')!;
    withheld = vehicles.find((v) => v.carrierType !== 'enterprise')!;
    tractor = vehicles.find((v) => v.vehicleType === 'tractor')!;
    order = (await db()
      .selectFrom('tms_order')
      .select(['orderNo', 'shipperCode'])
      .where('partyCode', '=', 'C1001')
      .orderBy('orderNo')
      .executeTakeFirstOrThrow()) as Row;
    expect(van && tractor && order).toBeTruthy();
  });
  afterAll(async () => {
    await t?.close();
  });

  // Platform staff write the customers' freight records, naming the organisation.
  const inA = (page: string, body: Row) => admin.post(page, '', { partyCode: 'C1001', ...body });
  const fieldErrors = (res: Awaited<ReturnType<Caller['post']>>) => refusal(res, 400).data.fieldErrors as Record<string, string>;
  const waybill = (vehicle: Row, extra: Row = {}): Row => ({
    orderNo: order.orderNo,
    shipperCode: order.shipperCode,
    carrierCode: vehicle.carrierCode,
    driverIdcard: vehicle.driverIdcard,
    plate: vehicle.plate,
    originRegion: ['310000', '310100', '310114'],
    destRegion: ['320000', '320500', '320507'],
    goodsName: '日用品',
    goodsType: 'fmcg',
    weightKg: 1200,
    freightFen: 109_000,
    driverFreightFen: 90_000,
    taxWithheld: vehicle.carrierType !== 'enterprise',
    iitRate: vehicle.carrierType !== 'enterprise' ? 0.01 : 0,
    ...extra,
  });

  it('computes the three figures, the withheld taxes and the margin of a waybill', async () => {
    // A vehicle of an individual or fleet carrier, whose taxes the platform withholds.
    const w = dataOf(await inA(WAYBILL, waybill(withheld, { extraFeeFen: 10_000, serviceFeeFen: 2_120, advanceFen: 20_000 })), 201);
    expect(w.revenueExVatFen).toBe(100_000 + 10_000 + 2_000);
    expect(w.shipperTotalFen).toBe(109_000 + 10_900 + 2_120);
    expect(w.outputVatFen).toBe(w.shipperTotalFen - w.revenueExVatFen);
    expect(w.driverCostFen).toBe(100_000);
    // VAT 100,000 ÷ 1.01 × 1% (990) + surcharges 12% of it (119) + stamp duty 0.03% (30) + income tax 1% (1,000).
    expect(w.withheldTaxFen).toBe(2_139);
    expect(w.driverNetFen).toBe(100_000 - 2_139 - 20_000);
    expect(w.marginFen).toBe(12_000);
  });

  it('normalises identifiers before checking them: a plate written with a dot, spaces and lower case is the vehicle’s', async () => {
    const plate = String(van.plate);
    const written = ` ${plate.slice(0, 2).toLowerCase()}·${plate.slice(2).toLowerCase()} `;
    const w = dataOf(await inA(WAYBILL, waybill(van, { plate: written })), 201);
    expect(w.plate).toBe(plate);
  });

  it('refuses a load over the vehicle’s rated load, naming the field and the limit in four languages, and stores nothing', async () => {
    const before = await countRows(t, 'tms_waybill');
    const body = waybill(van, { weightKg: 60_000 });
    const messages: string[] = [];
    for (const lang of ['zh-CN', 'en', 'es', 'ja']) {
      const res = await t.app.inject({
        method: 'POST',
        url: pageUrl(WAYBILL),
        headers: { authorization: `Bearer ${admin.token}`, 'accept-language': lang },
        payload: { ...body, partyCode: 'C1001' },
      });
      const errors = fieldErrors(res);
      expect(Object.keys(errors)).toEqual(['weightKg']);
      expect(errors.weightKg).toContain(String(van.loadKg));
      messages.push(errors.weightKg);
    }
    expect(new Set(messages).size).toBe(4);
    expect(messages[0]).toContain('核定载质量');
    expect(messages[1]).toMatch(/rated load/);
    expect(await countRows(t, 'tms_waybill')).toBe(before);
  });

  it('refuses a driver or vehicle of another carrier, a licence class that does not fit, expired documents and a negative margin', async () => {
    const before = await countRows(t, 'tms_waybill');
    // The van's plate with the tractor's carrier and driver: the vehicle is not the carrier's.
    expect(
      Object.keys(fieldErrors(await inA(WAYBILL, waybill(van, { carrierCode: tractor.carrierCode, driverIdcard: tractor.driverIdcard })))),
    ).toContain('plate');
    // A C1 driver of the tractor's carrier cannot drive the tractor; with an expired licence nothing can be dispatched.
    const c1 = dataOf(
      await inA(DRIVER, {
        name: '测试司机',
        idcard: residentId(901),
        phone: '13912345678',
        carrierCode: tractor.carrierCode,
        licenseClass: 'C1',
        licenseExpireAt: '2030-01-01',
        status: 'active',
      }),
      201,
    );
    const errors = fieldErrors(await inA(WAYBILL, waybill(tractor, { driverIdcard: c1.idcard, goodsType: 'steel', weightKg: 20_000 })));
    expect(errors.driverIdcard).toMatch(/C1.*A2/);
    const expired = dataOf(
      await inA(DRIVER, {
        name: '过期司机',
        idcard: residentId(902),
        phone: '13912345679',
        carrierCode: tractor.carrierCode,
        licenseClass: 'A2',
        licenseExpireAt: '2020-01-01',
        status: 'active',
      }),
      201,
    );
    expect(fieldErrors(await inA(WAYBILL, waybill(tractor, { driverIdcard: expired.idcard, weightKg: 20_000 }))).driverIdcard).toContain(
      '2020-01-01',
    );
    // Another carrier's driver.
    const other = await db()
      .selectFrom('tms_driver')
      .select('idcard')
      .where('partyCode', '=', 'C1001')
      .where('carrierCode', '!=', van.carrierCode as string)
      .executeTakeFirstOrThrow();
    expect(Object.keys(fieldErrors(await inA(WAYBILL, waybill(van, { driverIdcard: other.idcard }))))).toContain('driverIdcard');
    // Divisions that do not exist or do not belong together (Suzhou under Shanghai).
    expect(
      Object.keys(
        fieldErrors(await inA(WAYBILL, waybill(van, { originRegion: ['310000', '320500'], destRegion: ['320000', '320500', '320599'] }))),
      ),
    ).toEqual(['originRegion', 'destRegion']);
    // Paying the driver more than the shipper's price excluding VAT.
    expect(Object.keys(fieldErrors(await inA(WAYBILL, waybill(van, { driverFreightFen: 101_000 }))))).toEqual(['driverFreightFen']);
    expect(await countRows(t, 'tms_waybill')).toBe(before);
  });

  it('refuses a settlement above its waybill’s payable or of another organisation, and accepts one that matches', async () => {
    const w = (await db()
      .selectFrom('tms_waybill as w')
      .leftJoin('tms_settlement as s', 's.waybillNo', 'w.waybillNo')
      .select([
        'w.waybillNo',
        'w.shipperCode',
        'w.carrierCode',
        'w.driverIdcard',
        'w.driverFreightFen',
        'w.advanceFen',
        'w.taxWithheld',
        'w.iitRate',
        'w.extraFeeFen',
      ])
      .where('w.partyCode', '=', 'C1002')
      .where('w.status', '=', 'delivered')
      .where('s.id', 'is', null)
      .orderBy('w.waybillNo')
      .executeTakeFirstOrThrow()) as Row;
    const body = (extra: Row = {}): Row => ({
      waybillNo: w.waybillNo,
      shipperCode: w.shipperCode,
      carrierCode: w.carrierCode,
      driverIdcard: w.driverIdcard,
      freightFen: w.driverFreightFen,
      extraFeeFen: w.extraFeeFen,
      advanceFen: w.advanceFen,
      taxWithheld: Boolean(w.taxWithheld),
      iitRate: w.iitRate,
      ...extra,
    });
    const before = await countRows(t, 'tms_settlement');
    // Written into C1001, the settlement is told its waybill belongs elsewhere, and that the amount is above the waybill's.
    const errors = fieldErrors(
      await admin.post(SETTLEMENT, '', { ...body({ freightFen: Number(w.driverFreightFen) + 400_000 }), partyCode: 'C1001' }),
    );
    expect(Object.keys(errors).sort()).toEqual(['freightFen', 'waybillNo']);
    expect(
      Object.keys(
        fieldErrors(await admin.post(SETTLEMENT, '', { ...body({ advanceFen: Number(w.advanceFen) + 10_000 }), partyCode: 'C1002' })),
      ),
    ).toEqual(['advanceFen']);
    expect(await countRows(t, 'tms_settlement')).toBe(before);
    const s = dataOf(await admin.post(SETTLEMENT, '', { ...body(), partyCode: 'C1002' }), 201);
    expect(s.finalPayFen).toBe(s.payableFen - Number(w.advanceFen));
  });

  it('pays an enterprise carrier into a corporate account (no card check digit) and never more than the final payment', async () => {
    const s = (await db()
      .selectFrom('tms_settlement as s')
      .innerJoin('tms_carrier as c', 'c.code', 's.carrierCode')
      .select(['s.settlementNo', 's.waybillNo', 's.carrierCode', 's.driverIdcard', 's.finalPayFen', 'c.name'])
      .where('s.partyCode', '=', 'C1001')
      .where('c.carrierType', '=', 'enterprise')
      .where('s.status', '=', 'pending')
      .orderBy('s.settlementNo')
      .executeTakeFirstOrThrow()) as Row;
    const body = (extra: Row = {}): Row => ({
      settlementNo: s.settlementNo,
      waybillNo: s.waybillNo,
      carrierCode: s.carrierCode,
      driverIdcard: s.driverIdcard,
      payeeType: 'actualCarrier',
      remitNo: 'FK209901010001',
      accountType: 'corporate',
      payeeName: s.name,
      bankName: '招商银行',
      corporateAccountNo: '12345678901234567890',
      cnapsCode: '308290003020',
      amountFen: s.finalPayFen,
      ...extra,
    });
    const before = await countRows(t, 'tms_remit_approval');
    expect(
      Object.keys(
        fieldErrors(await inA(REMIT, body({ accountType: 'personal', corporateAccountNo: null, bankCard: '6222020200112233446' }))),
      ),
    ).toContain('accountType');
    expect(Object.keys(fieldErrors(await inA(REMIT, body({ amountFen: Number(s.finalPayFen) + 1 }))))).toEqual(['amountFen']);
    expect(Object.keys(fieldErrors(await inA(REMIT, body({ payeeName: '某某个人' }))))).toEqual(['payeeName']);
    expect(Object.keys(fieldErrors(await inA(REMIT, body({ corporateAccountNo: '12345678A' }))))).toEqual(['corporateAccountNo']);
    expect(await countRows(t, 'tms_remit_approval')).toBe(before);
    dataOf(await inA(REMIT, body()), 201);
    // The settlement is now fully taken: a second remittance is refused at the link, a part of it as above what is open.
    const again = fieldErrors(await inA(REMIT, body({ remitNo: 'FK209901010002', amountFen: 100 })));
    expect(Object.keys(again)).toEqual(['settlementNo']);
    expect(again.settlementNo).toMatch(/already fully paid/);
    // A settlement that does not exist is named as the missing link.
    expect(Object.keys(fieldErrors(await inA(REMIT, body({ remitNo: 'FK209901010003', settlementNo: 'JS20991231000001' }))))).toContain(
      'settlementNo',
    );
    expect(await countRows(t, 'tms_remit_approval')).toBe(before + 1);
  });

  it('checks regions against the complete county-level division list', () => {
    expect(Object.keys(areaList.county_list).length).toBeGreaterThan(2800);
    expect([['310000', '310100', '310114'], ['420000', '429000', '429004'], ['650000'], ['440000', '441900']].map(isRegionChain)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([['31', '3101'], ['310000', '320500'], ['320000', '320500', '320599'], ['999999'], '310000'].map(isRegionChain)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses an invoice whose period ends before it starts or whose rate does not follow its item', async () => {
    const shipper = await db()
      .selectFrom('tms_shipper')
      .select(['code', 'name', 'uscc'])
      .where('partyCode', '=', 'C1001')
      .where('uscc', 'is not', null)
      .executeTakeFirstOrThrow();
    const w = await db().selectFrom('tms_waybill').select('waybillNo').where('shipperCode', '=', shipper.code).executeTakeFirstOrThrow();
    const body = {
      applyNo: 'KP209901010001',
      shipperCode: shipper.code,
      buyerName: shipper.name,
      buyerTaxNo: shipper.uscc,
      invoiceType: 'eSpecial',
      serviceType: 'transport',
      taxRate: 0.09,
      periodFrom: '2026-03-01',
      periodTo: '2026-03-07',
      waybillCount: 1,
      amountFen: 109_000,
      waybillNos: [w.waybillNo],
      originRegion: ['310000', '310100', '310114'],
      destRegion: ['320000', '320500', '320507'],
      vehicleInfo: '沪A12345',
      goodsName: '日用品',
    };
    const before = await countRows(t, 'tms_invoice_apply');
    expect(Object.keys(fieldErrors(await inA(INVOICE, { ...body, periodTo: '2026-02-01' })))).toEqual(['periodTo']);
    expect(Object.keys(fieldErrors(await inA(INVOICE, { ...body, taxRate: 0.06 })))).toEqual(['taxRate']);
    expect(Object.keys(fieldErrors(await inA(INVOICE, { ...body, vehicleInfo: null })))).toEqual(['vehicleInfo']);
    expect(await countRows(t, 'tms_invoice_apply')).toBe(before);
    const inv = dataOf(await inA(INVOICE, body), 201);
    expect(inv.taxFen).toBe(9_000);
  });
});
