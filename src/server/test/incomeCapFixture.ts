import type { TestApp } from './harness.js';
import { dataOf, type Caller } from './dataApi.js';

const WAYBILL = 'tms/waybill/waybill';
const SETTLEMENT = 'tms/settlement/settlement';
type Row = Record<string, unknown>;

/** What a test of the annual personal income cap works with: one withholding driver of C1001 and ways to pay them. */
export interface IncomeCapFixture {
  van: Row;
  /** The driver's confirmed and paid income this year (China time), in fen. */
  yearIncome(): Promise<number>;
  /** A signed waybill and its pending settlement paying the driver `income` fen. */
  settlementOf(income: number): Promise<Row>;
  confirm(settlement: Row): ReturnType<Caller['post']>;
}

/**
 * A C1001 van whose driver's taxes the platform withholds, with documents valid today, and an order
 * to carry. `pick` chooses the first or the last such van by plate, so two test files work on
 * different drivers and do not share a year's income.
 */
export async function incomeCapFixture(t: TestApp, admin: Caller, pick: 'first' | 'last'): Promise<IncomeCapFixture> {
  const db = t.app.ctx.database.db;
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const yearStart = new Date(Date.UTC(Number(today.slice(0, 4)), 0, 1) - 8 * 3_600_000).toISOString();
  const van = (await db
    .selectFrom('tms_vehicle as v')
    .innerJoin('tms_driver as d', 'd.idcard', 'v.driverIdcard')
    .innerJoin('tms_carrier as c', 'c.code', 'v.carrierCode')
    .select(['v.plate', 'v.carrierCode', 'v.driverIdcard'])
    .where('v.partyCode', '=', 'C1001')
    .where('v.status', '=', 'active')
    .where('v.vehicleType', '!=', 'tractor')
    .where('v.loadKg', '>=', 2000)
    .where('v.inspectionExpireAt', '>', today)
    .where('d.licenseExpireAt', '>', today)
    .where('d.qualificationExpireAt', '>', today)
    .where('c.permitExpireAt', '>', today)
    .where('c.carrierType', '!=', 'enterprise')
    .orderBy('v.plate', pick === 'first' ? 'asc' : 'desc')
    .executeTakeFirstOrThrow()) as Row;
  const order = (await db
    .selectFrom('tms_order')
    .select(['orderNo', 'shipperCode'])
    .where('partyCode', '=', 'C1001')
    .orderBy('orderNo')
    .executeTakeFirstOrThrow()) as Row;

  const yearIncome = async () =>
    Number(
      (
        await db
          .selectFrom('tms_settlement')
          .select((eb) => eb.fn.sum('incomeFen').as('v'))
          .where('driverIdcard', '=', String(van.driverIdcard))
          .where('partyCode', '=', 'C1001')
          .where('status', 'in', ['confirmed', 'paid'])
          .where('confirmedAt', '>=', yearStart)
          .executeTakeFirst()
      )?.v ?? 0,
    );

  async function settlementOf(income: number): Promise<Row> {
    const w = dataOf(
      await admin.post(WAYBILL, '', {
        partyCode: 'C1001',
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
        freightFen: Math.ceil(income * 1.2),
        driverFreightFen: income,
        taxWithheld: true,
        iitRate: 0.01,
      }),
      201,
    );
    return dataOf(
      await admin.post(SETTLEMENT, '', {
        partyCode: 'C1001',
        waybillNo: w.waybillNo,
        shipperCode: w.shipperCode,
        carrierCode: w.carrierCode,
        driverIdcard: w.driverIdcard,
        freightFen: income,
        extraFeeFen: 0,
        deductionFen: 0,
        advanceFen: 0,
        taxWithheld: true,
        iitRate: 0.01,
      }),
      201,
    );
  }
  const confirm = (s: Row) =>
    admin.post(SETTLEMENT, `/${s.id}/transitions/confirm`, { confirmedAt: new Date().toISOString(), version: s.version });

  return { van, yearIncome, settlementOf, confirm };
}
