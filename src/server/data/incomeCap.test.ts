import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const WAYBILL = 'tms/waybill/waybill';
const SETTLEMENT = 'tms/settlement/settlement';
type Row = Record<string, unknown>;

/** The ¥120,000 personal income cap holds further settlements of a driver at the cap and alerts the organisation's administrators. */
describe.each(dialects())('the annual personal income cap on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const yearStart = new Date(Date.UTC(Number(today.slice(0, 4)), 0, 1) - 8 * 3_600_000).toISOString();
  let van: Row;
  let order: Row;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    van = (await db()
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

  const yearIncome = async (driver: unknown) =>
    Number(
      (
        await db()
          .selectFrom('tms_settlement')
          .select((eb) => eb.fn.sum('incomeFen').as('v'))
          .where('driverIdcard', '=', String(driver))
          .where('partyCode', '=', 'C1001')
          .where('status', 'in', ['confirmed', 'paid'])
          .where('confirmedAt', '>=', yearStart)
          .executeTakeFirst()
      )?.v ?? 0,
    );

  /** A signed waybill and its pending settlement paying the driver `income` fen. */
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

  it('confirms settlements up to the cap, then holds the next one, naming driver, income and cap, and messages the administrators', async () => {
    const before = await yearIncome(van.driverIdcard);
    expect(before).toBeLessThan(12_000_000);
    // Exactly up to the cap is allowed.
    const upTo = await settlementOf(12_000_000 - before);
    expect(dataOf(await confirm(upTo)).status).toBe('confirmed');
    expect(await yearIncome(van.driverIdcard)).toBe(12_000_000);

    const over = await settlementOf(50_000);
    const inbox = () =>
      db()
        .selectFrom('news_role_notice')
        .select(['recipient', 'title', 'content'])
        .where('partyCode', '=', 'C1001')
        .where('title', 'like', `%${String(over.settlementNo)}%`)
        .execute();
    expect(await inbox()).toEqual([]);
    const res = refusal(await confirm(over), 400);
    expect(Object.keys(res.data.fieldErrors)).toEqual(['confirmedAt']);
    expect(res.data.fieldErrors.confirmedAt).toContain(String(van.driverIdcard));
    expect(res.data.fieldErrors.confirmedAt).toContain('120500');
    expect(res.data.fieldErrors.confirmedAt).toMatch(/annual cap of ¥120000/);
    // Held: still pending, unconfirmed, and the year's income unchanged.
    expect(dataOf(await admin.get(SETTLEMENT, `/${over.id}`))).toMatchObject({ status: 'pending', confirmedAt: null });
    expect(await yearIncome(van.driverIdcard)).toBe(12_000_000);
    // The organisation's administrator (cust_a) hears of it in the message centre, in Chinese.
    const messages = await inbox();
    expect(messages.map((m) => m.recipient)).toContain('cust_a');
    expect(messages[0].content).toMatch(/年度上限 120000 元/);
    const custA = await signIn(t.app, 'cust_a');
    const own = dataOf(await custA.get('systemManage/news/roleNotice', '?size=50')).list as Row[];
    expect(own.some((m) => String(m.title).includes(String(over.settlementNo)))).toBe(true);
  });

  it('leaves no demo driver above the cap: settlements past it stay pending, and no monthly aggregate is over the limit', async () => {
    const rows = await db()
      .selectFrom('tms_settlement')
      .select(['partyCode', 'driverIdcard', 'confirmedAt', 'incomeFen'])
      .where('taxWithheld', '=', dialect === 'sqlite' ? (1 as never) : (true as never))
      .where('status', 'in', ['confirmed', 'paid'])
      .execute();
    const totals = new Map<string, number>();
    for (const r of rows) {
      const key = `${r.partyCode}|${r.driverIdcard}|${new Date(Date.parse(String(r.confirmedAt)) + 8 * 3_600_000).getUTCFullYear()}`;
      totals.set(key, (totals.get(key) ?? 0) + Number(r.incomeFen));
    }
    expect(rows.length).toBeGreaterThan(300);
    expect([...totals.values()].filter((v) => v > 12_000_000)).toEqual([]);
    const held = await db()
      .selectFrom('tms_settlement')
      .select('settlementNo')
      .where('status', '=', 'pending')
      .where('remark', 'like', '%年度上限%')
      .execute();
    expect(held.length).toBeGreaterThan(0);
    const over = await db()
      .selectFrom('tax_personal_aggregate')
      .select('id')
      .where('overLimit', '=', dialect === 'sqlite' ? (1 as never) : (true as never))
      .execute();
    expect(over).toEqual([]);
  });
});
