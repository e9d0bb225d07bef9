import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const WAYBILL = 'tms/waybill/waybill';
const SETTLEMENT = 'tms/settlement/settlement';
const CAP = 12_000_000;
type Row = Record<string, unknown>;

/**
 * A limit over other records (`rules[].aggregate`) holds under concurrent writes: each write checks it
 * again inside its transaction, behind a lock of the group it counts against (docs/SCHEMAS.md).
 */
describe.each(dialects())('aggregate rules under concurrent writes on %s', (dialect) => {
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
    // A C1001 van whose driver's taxes the platform withholds, with documents valid today (as in incomeCap.test.ts).
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
      .orderBy('v.plate', 'desc')
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

  const yearIncome = async () =>
    Number(
      (
        await db()
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

  it('confirms, of six concurrent settlements that together pass the annual income cap, exactly the three that fit, holds the rest with an alert, and never exceeds the cap', async () => {
    const before = await yearIncome();
    expect(before).toBeLessThan(CAP);
    // Room for exactly three settlements of `each` after a first one that leaves it.
    const each = Math.floor((CAP - before) / 4);
    const first = await settlementOf(CAP - before - 3 * each);
    expect(dataOf(await confirm(first)).status).toBe('confirmed');
    expect(await yearIncome()).toBe(CAP - 3 * each);

    const pending: Row[] = [];
    for (let i = 0; i < 6; i++) pending.push(await settlementOf(each));
    const answers = await Promise.all(pending.map(confirm));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(refusal(a, 400).data.fieldErrors.confirmedAt).toMatch(/annual cap of ¥120000/);
    expect(await yearIncome()).toBe(CAP);

    const held = pending.filter((_, i) => answers[i].statusCode !== 200);
    const states = await db()
      .selectFrom('tms_settlement')
      .select(['settlementNo', 'status', 'confirmedAt'])
      .where(
        'id',
        'in',
        held.map((s) => Number(s.id)),
      )
      .execute();
    expect(states.every((s) => s.status === 'pending' && s.confirmedAt === null)).toBe(true);
    // Each held settlement was announced to the organisation's administrators, including those refused inside the transaction.
    for (const s of held) {
      const notes = await db()
        .selectFrom('news_role_notice')
        .select('recipient')
        .where('partyCode', '=', 'C1001')
        .where('title', 'like', `%${String(s.settlementNo)}%`)
        .execute();
      expect(notes.map((n) => n.recipient)).toContain('cust_a');
    }
  });
});
