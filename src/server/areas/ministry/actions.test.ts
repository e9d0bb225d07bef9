import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../../test/dataApi.js';
import { jobHandler } from '../../jobs/index.js';
import { documentOf } from './actions.js';
import { checkPayment } from './connector.js';

const WAYBILLS = 'tms/supervision/waybillUpload';
const PAYMENTS = 'tms/supervision/paymentUpload';

describe.each(dialects())('uploads to the ministry’s monitoring system on %s', (dialect) => {
  let t: TestApp;
  let custA: Caller;
  let staff: Caller;
  let admin: Caller;
  const list = async (c: Caller, page: string, query: string) => dataOf(await c.get(page, query)).list as Record<string, unknown>[];
  const runJob = async () => {
    const logs: string[] = [];
    await jobHandler('ministryUpload')!(t.app.ctx, { now: new Date(), log: (m) => logs.push(m) });
    return logs.join('\n');
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [custA, staff, admin] = await Promise.all(['cust_a', 'staff', 'admin'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('lists the rejected uploads as the to-do, each with the ministry’s reason', async () => {
    const todo = await list(staff, WAYBILLS, '?todo=1&size=100');
    expect(todo.length).toBeGreaterThan(0);
    expect(todo.every((r) => r.status === 'rejected')).toBe(true);
    expect(todo[0].error).toMatch(/^运单 YD\d{14} 缺少牵引车 \S+ 的挂车牌照号$/);
  });

  it('resubmitting unchanged is rejected again with the reason; fixed on the vehicle record, it is accepted', async () => {
    const [row] = await list(staff, WAYBILLS, '?status=rejected&partyCode=C1001');
    const res = refusal(await staff.post(WAYBILLS, `/${row.id}/actions/resubmit`, {}), 422);
    expect(res.msg).toContain(String(row.error));
    const again = dataOf(await staff.get(WAYBILLS, `/${row.id}`));
    expect(again).toMatchObject({
      status: 'rejected',
      retries: Number(row.retries) + 1,
      receiptId: null,
      fixAt: `#/tms/base/vehicle?plate=${String(row.plate)}`,
    });

    const db = t.app.ctx.database.db;
    const vehicle = await db
      .selectFrom('tms_vehicle')
      .select(['id', 'version', 'plate'])
      .where('plate', '=', String(row.plate))
      .executeTakeFirstOrThrow();
    const bad = refusal(await admin.put('tms/base/vehicle', `/${vehicle.id}`, { version: vehicle.version, trailerPlate: '苏D3821' }), 400);
    expect(JSON.stringify(bad.data)).toMatch(/trailerPlate/);
    dataOf(await admin.put('tms/base/vehicle', `/${vehicle.id}`, { version: vehicle.version, trailerPlate: '苏D3821挂' }));
    const ok = dataOf(await staff.post(WAYBILLS, `/${row.id}/actions/resubmit`, {}));
    expect(ok.message).toMatch(/YD\d{14}/);
    expect(ok.rows[0]).toMatchObject({
      status: 'accepted',
      trailerPlate: '苏D3821挂',
      errorCode: null,
      error: null,
      fixAt: null,
      retries: Number(row.retries) + 2,
    });
    expect(ok.rows[0].receiptId).toMatch(/^JCYD\d{16}$/);
    // An accepted upload is not resubmitted, nor uploaded again (the actions' `when`).
    for (const name of ['resubmit', 'upload']) {
      const refused = refusal(await staff.post(WAYBILLS, `/${row.id}/actions/${name}`, {}), 409).msg;
      expect(refused).toMatch(/does not apply to this record as it is now/);
      expect(refused).not.toContain('pages.ministry');
    }
  });

  it('the job records new signed waybills and paid settlements, skips accepted ones and unchanged rejected ones, and resends fixed ones', async () => {
    const db = t.app.ctx.database.db;
    // A rejected upload of a tractor whose trailer plate has since been entered (the test above) is fixed, and resent.
    const fixedPlates = new Set(
      (await db.selectFrom('tms_vehicle').select('plate').where('trailerPlate', 'is not', null).execute()).map((v) => v.plate),
    );
    const before = (await db.selectFrom('tms_ministry_waybill_upload').select(['id', 'status', 'version', 'plate']).execute()).filter(
      (r) => r.status !== 'rejected' || !fixedPlates.has(r.plate),
    );
    const log = await runJob();
    expect(log).toMatch(/Ministry upload: [1-9]\d* new, [1-9]\d* accepted, \d+ rejected, [1-9]\d* rejected and unchanged/);
    const after = new Map(
      (await db.selectFrom('tms_ministry_waybill_upload').select(['id', 'status', 'version']).execute()).map((r) => [r.id, r]),
    );
    expect(after.size).toBeGreaterThan(before.length);
    for (const r of before.filter((x) => x.status === 'accepted' || x.status === 'rejected'))
      expect(after.get(r.id)!.version).toBe(r.version);
    const fresh = [...after.values()].filter((r) => !before.some((b) => b.id === r.id));
    expect(fresh.every((r) => r.status === 'accepted' || r.status === 'rejected')).toBe(true);

    // A remittance recorded without its bank serial: the payment is rejected until staff enter it. Every paid demo
    // settlement already has its upload, so this one's is taken away first, as if it had never been sent (the earliest
    // one: the latest are the next test's).
    const remit = await db
      .selectFrom('tms_remit_approval')
      .select(['settlementNo'])
      .where('partyCode', '=', 'C1001')
      .where('status', '=', 'paid')
      .orderBy('settlementNo')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('tms_ministry_payment_upload').where('settlementNo', '=', String(remit.settlementNo)).execute();
    await db.updateTable('tms_remit_approval').set({ bankSerialNo: null }).where('settlementNo', '=', String(remit.settlementNo)).execute();
    const pay = dataOf(await staff.post(PAYMENTS, '', { partyCode: 'C1001', settlementNo: remit.settlementNo }), 201);
    expect(refusal(await staff.post(PAYMENTS, `/${pay.id}/actions/upload`, {}), 422).msg).toMatch(/资金流水单 缺少银行流水号/);
    const rejected = dataOf(await staff.get(PAYMENTS, `/${pay.id}`));
    expect(rejected).toMatchObject({ status: 'rejected', errorCode: 'BANK_SERIAL_MISSING', retries: 0 });
    expect(rejected.amountFen).toBeGreaterThan(0);
    await runJob();
    expect(dataOf(await staff.get(PAYMENTS, `/${pay.id}`)).version).toBe(rejected.version);
    dataOf(await staff.put(PAYMENTS, `/${pay.id}`, { version: rejected.version, bankSerialNo: '102660420560011111' }));
    await runJob();
    const fixed = dataOf(await staff.get(PAYMENTS, `/${pay.id}`));
    expect(fixed).toMatchObject({ status: 'accepted', retries: 1, bankSerialNo: '102660420560011111' });
    expect(fixed.receiptId).toMatch(/^JCZJ\d{16}$/);
  });

  it('lists every payment of the waybill in its funds-flow document, advances and fuel cards included, adding up to what the driver was owed', async () => {
    const db = t.app.ctx.database.db;
    const s = await db
      .selectFrom('tms_settlement')
      .select(['settlementNo', 'payableFen', 'advanceFen', 'waybillNo'])
      .where('partyCode', '=', 'C1001')
      .where('status', '=', 'paid')
      .where('advanceFen', '>', 0)
      .orderBy('settlementNo', 'desc')
      .executeTakeFirstOrThrow();
    // A loan or withdrawal names a waybill at most as its reason: it is paid from the driver's wallet, not for the waybill.
    const transfers = await db
      .selectFrom('tms_transfer_apply')
      .select(['bankSerialNo', 'amountFen'])
      .where('waybillNo', '=', s.waybillNo)
      .where('status', '=', 'transferred')
      .where('applyType', 'in', ['freightAdvance', 'fuelCard', 'etcRecharge'])
      .execute();
    expect(transfers.length).toBeGreaterThan(0);
    const doc = (await documentOf(t.app.ctx, PAYMENTS, { settlementNo: s.settlementNo, partyCode: 'C1001' })) as unknown as {
      send: unknown;
      digest: string;
    };
    expect(doc.digest).toMatch(/^[0-9a-f]{16}$/);
    const { loadSettlement, paymentDoc } = await import('./docs.js');
    const src = (await loadSettlement(t.app.ctx, s.settlementNo, 'C1001'))!;
    const loan = {
      waybillNo: s.waybillNo,
      status: 'transferred',
      applyType: 'driverLoan',
      amountFen: 50000,
      bankSerialNo: 'LOAN-ON-THIS-WAYBILL',
      transferredAt: '2026-01-01T00:00:00Z',
    };
    const flow = paymentDoc(src.settlement, src.driver, {}, src.remit, { ...src.more, transfers: [...(src.more.transfers ?? []), loan] });
    expect(flow.entries.length).toBe(transfers.length + 1);
    expect(
      flow.entries
        .slice(0, -1)
        .map((e) => e.bankSerialNo)
        .sort(),
    ).toEqual(transfers.map((x) => x.bankSerialNo).sort());
    expect(flow.totalFen).toBe(Number(s.payableFen));
    expect(flow.waybills).toEqual([{ waybillNo: s.waybillNo, amountFen: Number(s.payableFen) }]);
    expect(checkPayment(flow)).toBeNull();
  });

  it('shows customers their own uploads only, and leaves uploading to platform staff', async () => {
    const own = await list(custA, WAYBILLS, '?size=100');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.partyCode === 'C1001')).toBe(true);
    const [other] = await list(admin, WAYBILLS, '?partyCode=C1002&status=rejected');
    refusal(await custA.get(WAYBILLS, `/${other.id}`), 404);
    refusal(await custA.post(WAYBILLS, `/${own[0].id}/actions/resubmit`, {}), 403);
    expect((await list(custA, PAYMENTS, '?size=100')).every((r) => r.partyCode === 'C1001')).toBe(true);
  });
});
