import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const WAYBILL = 'tms/waybill/waybill';
type Doc = { id: number; no: string; amountFen: number | null; follows: string; status: { value: unknown } | null };
type Step = { name: string; readable: boolean; documents: Doc[]; totalFen: number | null };

/** A waybill's chain view: every document that follows it, with amounts, states and the fen still open. */
describe.each(dialects())('the waybill’s chain view on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  const db = () => t.app.ctx.database.db;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA, custB] = await Promise.all(['admin', 'cust_a', 'cust_b'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('follows a waybill paid by cloud pay from order to receipt, uploads and tax, with nothing open', async () => {
    // A settled C1001 waybill whose remittance went by cloud pay.
    const remit = await db()
      .selectFrom('tms_remit_approval as r')
      .innerJoin('tms_waybill as w', 'w.waybillNo', 'r.waybillNo')
      .select(['w.id', 'w.waybillNo', 'r.settlementNo', 'r.remitNo', 'r.amountFen', 'r.bankSerialNo'])
      .where('r.partyCode', '=', 'C1001')
      .where('r.status', '=', 'paid')
      .where('r.paymentMethod', '=', 'cloudPay')
      .orderBy('r.paidAt', 'desc')
      .executeTakeFirstOrThrow();
    const chain = dataOf(await custA.get(WAYBILL, `/${remit.id}/chain/chain`));
    const step = (name: string) => (chain.steps as Step[]).find((s) => s.name === name)!;
    expect((chain.steps as Step[]).map((s) => s.name)).toEqual([
      'order',
      'deduction',
      'settlement',
      'remit',
      'payment',
      'receipt',
      'waybillUpload',
      'paymentUpload',
      'taxOrder',
    ]);
    expect(step('settlement').documents.map((d) => [d.no, d.follows])).toEqual([[remit.settlementNo, remit.waybillNo]]);
    expect(step('remit').documents.map((d) => [d.no, d.amountFen, d.status?.value])).toEqual([
      [remit.remitNo, Number(remit.amountFen), 'paid'],
    ]);
    const [payment] = step('payment').documents;
    expect([payment.follows, payment.amountFen, payment.status?.value]).toEqual([remit.settlementNo, Number(remit.amountFen), 'success']);
    expect(step('receipt').documents.map((d) => [d.follows, d.amountFen])).toEqual([[payment.no, Number(remit.amountFen)]]);
    expect(step('order').documents).toHaveLength(1);
    expect(chain.openFen).toBe(0);
  });

  it('shows what is still open on a confirmed, unpaid settlement, and keeps other organisations out', async () => {
    const s = await db()
      .selectFrom('tms_settlement as s')
      .innerJoin('tms_waybill as w', 'w.waybillNo', 's.waybillNo')
      .select(['w.id', 's.finalPayFen'])
      .where('s.partyCode', '=', 'C1001')
      .where('s.status', '=', 'confirmed')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tms_remit_approval as r')
              .select('r.id')
              .whereRef('r.settlementNo', '=', 's.settlementNo')
              .where('r.status', '=', 'paid'),
          ),
        ),
      )
      .orderBy('s.settlementNo')
      .executeTakeFirstOrThrow();
    const chain = dataOf(await admin.get(WAYBILL, `/${s.id}/chain/chain`));
    expect(chain.openFen).toBe(Number(s.finalPayFen));
    expect(chain.openFen).toBeGreaterThan(0);
    // Another organisation's waybill is not found, and an unknown chain is named.
    refusal(await custB.get(WAYBILL, `/${s.id}/chain/chain`), 404);
    refusal(await admin.get(WAYBILL, `/${s.id}/chain/nothing`), 404);
  });
});
