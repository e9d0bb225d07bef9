import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { boolParam } from '../db/connect.js';

const SETTLEMENT = 'tms/settlement/settlement';
const WAYBILL = 'tms/waybill/waybill';
const SHIPPER = 'tms/base/shipper';
const CARRIER = 'tms/base/carrier';
const SHIPPER_REVIEW = 'tms/review/shipperReview';
const CARRIER_REVIEW = 'tms/review/carrierReview';

type Total = { field: string; op: string; value: number | null };
const totalOf = (totals: Total[], field: string, op: string) => totals.find((x) => x.field === field && x.op === op)?.value;

describe.each(dialects())('computed values, totals and transition effects on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  let custA: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    staff = await signIn(t.app, 'staff');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.ctx.database.db;

  it('computes a stored field on every write and ignores a value sent for it', async () => {
    // A waybill of an enterprise carrier (no withheld taxes) without advances, whose settlement may pay up to its figures.
    const free = await db()
      .selectFrom('tms_waybill as w')
      .leftJoin('tms_settlement as s', 's.waybillNo', 'w.waybillNo')
      .select(['w.id', 'w.waybillNo', 'w.shipperCode', 'w.carrierCode', 'w.driverIdcard'])
      .where('s.id', 'is', null)
      .where('w.partyCode', '=', 'C1001')
      .where('w.taxWithheld', '=', boolParam(t.app.ctx.database, false))
      .where('w.advanceFen', '=', 0)
      .orderBy('w.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db().updateTable('tms_waybill').set({ driverFreightFen: 500_000, extraFeeFen: 20_000 }).where('id', '=', free.id).execute();
    const made = dataOf(
      await admin.post(SETTLEMENT, '', {
        partyCode: 'C1001',
        waybillNo: free.waybillNo,
        shipperCode: free.shipperCode,
        carrierCode: free.carrierCode,
        driverIdcard: free.driverIdcard,
        freightFen: 500_000,
        extraFeeFen: 20_000,
        deductionFen: 5_000,
        taxWithheld: false,
        iitRate: 0,
        payableFen: 1,
      }),
      201,
    );
    expect(made.payableFen).toBe(515_000);
    const edited = dataOf(await admin.put(SETTLEMENT, `/${made.id}`, { deductionFen: 15_000, version: made.version }));
    expect(edited.payableFen).toBe(505_000);
    const stored = await db().selectFrom('tms_settlement').select('payableFen').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(Number(stored.payableFen)).toBe(505_000);
    // A cleared optional part counts as nothing.
    expect(dataOf(await admin.put(SETTLEMENT, `/${made.id}`, { extraFeeFen: null, version: edited.version })).payableFen).toBe(485_000);
    // Sortable and filterable as any stored column.
    dataOf(await custA.get(SETTLEMENT, '?sort=-payableFen&payableFen=485000,485000'));
  });

  it('computes a field on read, which is never a column and cannot be filtered on', async () => {
    const rows = dataOf(await custA.get(WAYBILL, '?size=20')).list as {
      freightFen: number;
      weightKg: number;
      freightPerTonFen: number | null;
    }[];
    expect(rows.length).toBe(20);
    for (const r of rows) expect(r.freightPerTonFen).toBe(r.weightKg > 0 ? Math.round((r.freightFen * 1000) / r.weightKg) : null);
    refusal(await custA.get(WAYBILL, '?freightPerTonFen=1,2'), 400);
    await expect(
      db()
        .selectFrom('tms_waybill')
        .select('freightPerTonFen' as never)
        .limit(1)
        .execute(),
    ).rejects.toThrow();
  });

  it('totals every row matching the filter in the caller’s scope, in one answer with the page', async () => {
    const query = '?status=paid&size=5';
    const answer = dataOf(await custA.get(SETTLEMENT, query));
    expect(answer.list).toHaveLength(5);
    const direct = await db()
      .selectFrom('tms_settlement')
      .where('partyCode', '=', 'C1001')
      .where('status', '=', 'paid')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum('freightFen').as('freight'),
        eb.fn.sum('payableFen').as('payable'),
        eb.fn.sum('deductionFen').as('deduction'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(direct.n)).toBeGreaterThan(5);
    expect(totalOf(answer.totals, 'settlementNo', 'count')).toBe(Number(direct.n));
    expect(totalOf(answer.totals, 'freightFen', 'sum')).toBe(Number(direct.freight));
    expect(totalOf(answer.totals, 'payableFen', 'sum')).toBe(Number(direct.payable));
    expect(totalOf(answer.totals, 'deductionFen', 'sum')).toBe(Number(direct.deduction));
    // Platform staff see every organisation's rows, so their totals are larger.
    const all = dataOf(await admin.get(SETTLEMENT, query));
    expect(totalOf(all.totals, 'settlementNo', 'count')!).toBeGreaterThan(Number(direct.n));
    // A filter that matches nothing totals to zero rows and no sums.
    const none = dataOf(await custA.get(SETTLEMENT, '?settlementNo=NOPE'));
    expect(totalOf(none.totals, 'settlementNo', 'count')).toBe(0);
    expect(totalOf(none.totals, 'payableFen', 'sum')).toBeNull();
    // Pages without list.totals answer as before.
    expect(dataOf(await custA.get(SHIPPER)).totals).toBeUndefined();
  });

  it('approving a certificate review flags the shipper in the same transaction, audited; revoking clears it', async () => {
    const cert = await db()
      .selectFrom('tms_shipper_cert')
      .select(['id', 'shipperCode', 'partyCode', 'version'])
      .where('status', '=', 'pending')
      .where('certType', '=', 'initial')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const shipperBefore = await db().selectFrom('tms_shipper').selectAll().where('code', '=', cert.shipperCode).executeTakeFirstOrThrow();
    expect(Boolean(shipperBefore.certified)).toBe(false);
    dataOf(await staff.post(SHIPPER_REVIEW, `/${cert.id}/transitions/approve`, { reviewRemark: '核验一致', version: cert.version }));
    const shipper = dataOf(await admin.get(SHIPPER, `/${shipperBefore.id}`));
    expect(shipper).toMatchObject({ certified: true, version: Number(shipperBefore.version) + 1, updatedBy: 'staff' });
    expect(Date.parse(shipper.certifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    const history = dataOf(await admin.get(SHIPPER, `/${shipperBefore.id}/history`));
    expect(history[0]).toMatchObject({ action: `effect:${SHIPPER_REVIEW}#approve`, username: 'staff' });
    expect(history[0].before.certified).toBe(false);
    expect(history[0].after.certified).toBe(true);

    dataOf(await admin.post(SHIPPER_REVIEW, `/${cert.id}/transitions/revoke`, { rejectReason: '证照过期' }));
    expect(dataOf(await admin.get(SHIPPER, `/${shipperBefore.id}`)).certified).toBe(false);
    // A refused transition changes neither record.
    refusal(await admin.post(SHIPPER_REVIEW, `/${cert.id}/transitions/revoke`, { rejectReason: 'x' }), 409);
    expect((dataOf(await admin.get(SHIPPER, `/${shipperBefore.id}/history`)) as unknown[]).length).toBe(history.length + 1);
  });

  it('approving a carrier review flags the carrier, within the review’s organisation only', async () => {
    const cert = await db()
      .selectFrom('tms_carrier_cert')
      .select(['id', 'carrierCode', 'partyCode'])
      .where('status', '=', 'pending')
      .where('certType', '=', 'initial')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    dataOf(await staff.post(CARRIER_REVIEW, `/${cert.id}/transitions/approve`, {}));
    const carriers = await db().selectFrom('tms_carrier').select(['partyCode', 'certified']).where('code', '=', cert.carrierCode).execute();
    expect(carriers.map((c) => [c.partyCode, Boolean(c.certified)])).toEqual([[cert.partyCode, true]]);
    expect(dataOf(await staff.get(CARRIER, `?code=${cert.carrierCode}&certified=true`)).total).toBe(1);
  });
});
