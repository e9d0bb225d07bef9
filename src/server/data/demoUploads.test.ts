import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { loadSettlement, loadWaybill, paymentDoc, waybillDoc } from '../areas/ministry/docs.js';
import { isResidentId, isRoadTransportPermit, isSocialCreditCode } from '../../shared/validators.js';

type Step = { name: string; documents: { no: string; follows: string }[] };

/** Every paid demo waybill was reported to the ministry along its chain: its waybill upload and its funds-flow upload. */
describe.each(dialects())('the demo’s ministry uploads on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  const db = () => t.app.ctx.database.db;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, staff] = await Promise.all(['admin', 'staff'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('has, for every paid waybill, a waybill upload and a funds-flow upload, each naming that waybill', async () => {
    const paid = await db()
      .selectFrom('tms_settlement as s')
      .innerJoin('tms_waybill as w', 'w.waybillNo', 's.waybillNo')
      .select(['s.settlementNo', 's.waybillNo', 's.partyCode', 'w.partyCode as waybillParty'])
      .where('s.status', '=', 'paid')
      .execute();
    expect(paid.length).toBeGreaterThan(2000);
    expect(new Set(paid.map((p) => p.partyCode)).size).toBe(3);
    const waybillUploads = await db().selectFrom('tms_ministry_waybill_upload').select(['waybillNo', 'partyCode', 'status']).execute();
    const paymentUploads = await db()
      .selectFrom('tms_ministry_payment_upload')
      .select(['settlementNo', 'waybillNo', 'partyCode', 'status', 'amountFen'])
      .execute();
    const byWaybill = new Map(waybillUploads.map((u) => [`${u.partyCode}|${u.waybillNo}`, u]));
    const bySettlement = new Map(paymentUploads.map((u) => [`${u.partyCode}|${u.settlementNo}`, u]));
    const missing = paid.filter(
      (p) =>
        !byWaybill.has(`${p.waybillParty}|${p.waybillNo}`) ||
        bySettlement.get(`${p.partyCode}|${p.settlementNo}`)?.waybillNo !== p.waybillNo,
    );
    expect(missing.map((p) => p.waybillNo)).toEqual([]);
    // Each was sent and answered (accepted, or rejected with the ministry's reason), none left waiting.
    expect([...waybillUploads, ...paymentUploads].filter((u) => u.status !== 'accepted' && u.status !== 'rejected')).toEqual([]);
    expect(paymentUploads.filter((u) => u.status === 'accepted').length).toBeGreaterThan(2000);
  });

  it("sends the operator's permit, the consignee's ID and the payer's bank, which the demo's records hold", async () => {
    const parties = (await db().selectFrom('sys_party').select(['code', 'roadPermit']).execute()) as {
      code: string;
      roadPermit: string | null;
    }[];
    expect(parties.length).toBeGreaterThanOrEqual(3);
    expect(parties.filter((p) => !isRoadTransportPermit(p.roadPermit))).toEqual([]);
    const orders = await db().selectFrom('tms_order').select(['orderNo', 'consigneeIdNo']).execute();
    expect(orders.filter((o) => !isResidentId(o.consigneeIdNo) && !isSocialCreditCode(o.consigneeIdNo)).map((o) => o.orderNo)).toEqual([]);
    expect(
      await db().selectFrom('tms_remit_approval').select('remitNo').where('status', '=', 'paid').where('payerBank', 'is', null).execute(),
    ).toEqual([]);

    const s = await db()
      .selectFrom('tms_remit_approval')
      .select(['settlementNo', 'waybillNo', 'payerBank'])
      .where('partyCode', '=', 'C1001')
      .where('status', '=', 'paid')
      .where('paymentMethod', '=', 'bankTransfer')
      .orderBy('settlementNo', 'desc')
      .executeTakeFirstOrThrow();
    const doc = waybillDoc((await loadWaybill(t.app.ctx, s.waybillNo, 'C1001'))!);
    const order = await db()
      .selectFrom('tms_order')
      .select('consigneeIdNo')
      .where('orderNo', '=', String(doc.consignmentNo))
      .executeTakeFirstOrThrow();
    expect([doc.platformPermitNo, doc.consigneeIdNo]).toEqual([parties.find((p) => p.code === 'C1001')!.roadPermit, order.consigneeIdNo]);
    const src = (await loadSettlement(t.app.ctx, s.settlementNo, 'C1001'))!;
    expect(paymentDoc(src.settlement, src.driver, {}, src.remit, src.more).payerBank).toBe(s.payerBank);
  });

  it('has the monitoring system refuse a waybill whose consignee has no ID, leading to the order, and accept it once the ID is there', async () => {
    // A signed C1001 waybill without an upload yet, whose order was recorded without its consignee's ID number.
    const w = await db()
      .selectFrom('tms_waybill as w')
      .select(['w.waybillNo', 'w.orderNo'])
      .where('w.partyCode', '=', 'C1001')
      .where('w.status', '=', 'signed')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('tms_ministry_waybill_upload as u').select('u.id').whereRef('u.waybillNo', '=', 'w.waybillNo'))),
      )
      .innerJoin('tms_vehicle as v', 'v.plate', 'w.plate')
      .where('v.vehicleType', '!=', 'tractor')
      .orderBy('w.waybillNo')
      .executeTakeFirstOrThrow();
    const order = await db()
      .selectFrom('tms_order')
      .select(['id', 'consigneeIdNo'])
      .where('orderNo', '=', String(w.orderNo))
      .executeTakeFirstOrThrow();
    await db().updateTable('tms_order').set({ consigneeIdNo: null }).where('id', '=', order.id).execute();
    const row = dataOf(await staff.post('tms/supervision/waybillUpload', '', { partyCode: 'C1001', waybillNo: w.waybillNo }), 201);
    expect(refusal(await staff.post('tms/supervision/waybillUpload', `/${row.id}/actions/upload`, {}), 422).msg).toContain(
      '缺少收货方身份证号或统一社会信用代码',
    );
    expect(dataOf(await staff.get('tms/supervision/waybillUpload', `/${row.id}`))).toMatchObject({
      status: 'rejected',
      errorCode: 'CONSIGNEE_ID_MISSING',
      fixAt: `#/tms/order/order_manage?orderNo=${String(w.orderNo)}`,
    });
    await db().updateTable('tms_order').set({ consigneeIdNo: order.consigneeIdNo }).where('id', '=', order.id).execute();
    expect(dataOf(await staff.post('tms/supervision/waybillUpload', `/${row.id}/actions/resubmit`, {})).rows[0]).toMatchObject({
      status: 'accepted',
      errorCode: null,
    });
  });

  it('refuses an order whose consignee ID is neither an ID number nor a credit code, storing nothing', async () => {
    const order = await db()
      .selectFrom('tms_order')
      .select(['id', 'version', 'consigneeIdNo'])
      .where('partyCode', '=', 'C1001')
      .where('status', '=', 'pending')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = refusal(await admin.put('tms/order/order_manage', `/${order.id}`, { version: order.version, consigneeIdNo: '12345' }), 400);
    expect(Object.keys(res.data.fieldErrors)).toEqual(['consigneeIdNo']);
    expect(res.data.fieldErrors.consigneeIdNo).toMatch(/resident ID number or unified social credit code/);
    expect(
      await db().selectFrom('tms_order').select(['version', 'consigneeIdNo']).where('id', '=', order.id).executeTakeFirstOrThrow(),
    ).toEqual({ version: order.version, consigneeIdNo: order.consigneeIdNo });
    // A company consignee's credit code is taken.
    expect(
      dataOf(await admin.put('tms/order/order_manage', `/${order.id}`, { version: order.version, consigneeIdNo: '91310114MA1GT3K74B' }))
        .consigneeIdNo,
    ).toBe('91310114MA1GT3K74B');
  });

  it('completes the chain view of a paid waybill of each organisation with both uploads', async () => {
    for (const party of ['P0001', 'C1001', 'C1002']) {
      const w = await db()
        .selectFrom('tms_waybill')
        .select(['id', 'waybillNo'])
        .where('partyCode', '=', party)
        .where('status', '=', 'settled')
        .orderBy('waybillNo')
        .executeTakeFirstOrThrow();
      const chain = dataOf(await admin.get('tms/waybill/waybill', `/${w.id}/chain/chain`));
      const step = (name: string) => (chain.steps as Step[]).find((s) => s.name === name)!;
      expect(
        step('waybillUpload').documents.map((d) => d.no),
        party,
      ).toEqual([w.waybillNo]);
      expect(step('paymentUpload').documents, party).toHaveLength(1);
      expect(chain.openFen, party).toBe(0);
    }
  });
});
