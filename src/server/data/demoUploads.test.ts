import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';

type Step = { name: string; documents: { no: string; follows: string }[] };

/** Every paid demo waybill was reported to the ministry along its chain: its waybill upload and its funds-flow upload. */
describe.each(dialects())('the demo’s ministry uploads on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => t?.close());

  it('has, for every paid waybill, a waybill upload and a funds-flow upload, each naming that waybill', async () => {
    const paid = await db().selectFrom('tms_settlement as s').innerJoin('tms_waybill as w', 'w.waybillNo', 's.waybillNo')
      .select(['s.settlementNo', 's.waybillNo', 's.partyCode', 'w.partyCode as waybillParty']).where('s.status', '=', 'paid').execute();
    expect(paid.length).toBeGreaterThan(2000);
    expect(new Set(paid.map((p) => p.partyCode)).size).toBe(3);
    const waybillUploads = await db().selectFrom('tms_ministry_waybill_upload').select(['waybillNo', 'partyCode', 'status']).execute();
    const paymentUploads = await db().selectFrom('tms_ministry_payment_upload').select(['settlementNo', 'waybillNo', 'partyCode', 'status', 'amountFen']).execute();
    const byWaybill = new Map(waybillUploads.map((u) => [`${u.partyCode}|${u.waybillNo}`, u]));
    const bySettlement = new Map(paymentUploads.map((u) => [`${u.partyCode}|${u.settlementNo}`, u]));
    const missing = paid.filter((p) => !byWaybill.has(`${p.waybillParty}|${p.waybillNo}`) || bySettlement.get(`${p.partyCode}|${p.settlementNo}`)?.waybillNo !== p.waybillNo);
    expect(missing.map((p) => p.waybillNo)).toEqual([]);
    // Each was sent and answered (accepted, or rejected with the ministry's reason), none left waiting.
    expect([...waybillUploads, ...paymentUploads].filter((u) => u.status !== 'accepted' && u.status !== 'rejected')).toEqual([]);
    expect(paymentUploads.filter((u) => u.status === 'accepted').length).toBeGreaterThan(2000);
  });

  it('completes the chain view of a paid waybill of each organisation with both uploads', async () => {
    for (const party of ['P0001', 'C1001', 'C1002']) {
      const w = await db().selectFrom('tms_waybill').select(['id', 'waybillNo']).where('partyCode', '=', party).where('status', '=', 'settled')
        .orderBy('waybillNo').executeTakeFirstOrThrow();
      const chain = dataOf(await admin.get('tms/waybill/waybill', `/${w.id}/chain/chain`));
      const step = (name: string) => (chain.steps as Step[]).find((s) => s.name === name)!;
      expect(step('waybillUpload').documents.map((d) => d.no), party).toEqual([w.waybillNo]);
      expect(step('paymentUpload').documents, party).toHaveLength(1);
      expect(chain.openFen, party).toBe(0);
    }
  });
});
