import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';
import { TOKEN_COOKIE } from '../src/client/cookieNames';

const WAYBILL = 'tms/waybill/waybill';

/** Issue 28: a waybill followed from its order to the accepted funds-flow upload, shown as one chain in its detail. */
describe.runIf(hasChromium())('a waybill’s document chain in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  const call = async (method: string, page: string, rest: string, body?: unknown) => {
    const token = (await b.context.cookies()).find((c) => c.name === TOKEN_COOKIE)!.value;
    const res = await fetch(`${server.url}/open-platform/data/${encodeURIComponent(page)}${rest}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as { status: number; msg: string; data: Record<string, unknown> };
  };
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('shows order, settlement, remittance, cloud-pay payment, receipt, both uploads and tax order, with nothing open', async () => {
    const db = server.app.ctx.database.db;
    // A settled waybill of C1001 whose driver's taxes are withheld and whose remittance went by cloud pay.
    const w = await db
      .selectFrom('tms_remit_approval as r')
      .innerJoin('tms_waybill as w', 'w.waybillNo', 'r.waybillNo')
      .innerJoin('tms_settlement as s', 's.settlementNo', 'r.settlementNo')
      .innerJoin('tax_order as o', 'o.settlementNo', 's.settlementNo')
      .select(['w.id', 'w.waybillNo', 'w.orderNo', 's.settlementNo', 'r.remitNo', 'r.amountFen', 'r.bankSerialNo', 'o.taxOrderNo'])
      .where('r.partyCode', '=', 'C1001')
      .where('r.status', '=', 'paid')
      .where('r.paymentMethod', '=', 'cloudPay')
      // Without a prepayment deduction: the demo's order accounts pay the latest waybills delivered
      // before their days, so whether this one was deducted depends on the hour the demo was made.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('cm_charge_log as c').select('c.id').whereRef('c.bizNo', '=', 'w.waybillNo').where('c.type', '=', 'deduct'))),
      )
      .orderBy('r.paidAt', 'desc')
      .executeTakeFirstOrThrow();
    const payment = await db.selectFrom('cp_payment').select('payNo').where('bizNo', '=', w.settlementNo).executeTakeFirstOrThrow();
    const receipt = await db.selectFrom('cp_receipt').select('receiptNo').where('bizNo', '=', payment.payNo).executeTakeFirstOrThrow();

    // The funds-flow upload of its settlement, accepted by the monitoring system.
    let upload = (await call('GET', 'tms/supervision/paymentUpload', `?settlementNo=${w.settlementNo}`)).data.list as {
      id: number;
      status: string;
    }[];
    if (!upload.length)
      upload = [
        (await call('POST', 'tms/supervision/paymentUpload', '', { partyCode: 'C1001', settlementNo: w.settlementNo })).data as {
          id: number;
          status: string;
        },
      ];
    if (upload[0].status !== 'accepted') {
      const sent = await call('POST', 'tms/supervision/paymentUpload', `/${upload[0].id}/actions/upload`, {});
      expect(sent.status, sent.msg).toBe(0);
    }
    // And the waybill's own upload, whatever the monitoring system answers to it.
    const waybillUploads = (await call('GET', 'tms/supervision/waybillUpload', `?waybillNo=${w.waybillNo}`)).data.list as { id: number }[];
    if (!waybillUploads.length) {
      const created = (await call('POST', 'tms/supervision/waybillUpload', '', { partyCode: 'C1001', waybillNo: w.waybillNo })).data as {
        id: number;
      };
      await call('POST', 'tms/supervision/waybillUpload', `/${created.id}/actions/upload`, {});
    }

    await b.page.goto(`${server.url}/#/${WAYBILL}/detail/${w.id}`);
    await active().getByRole('tab', { name: '单据链' }).click();
    const chain = active().locator('[data-testid="chain-chain"]');
    await chain.locator('.ant-table-row').first().waitFor();
    await expect.poll(async () => (await chain.textContent()) ?? '').toContain(String(receipt.receiptNo));
    const text = (await chain.textContent())!;
    for (const no of [w.orderNo, w.settlementNo, w.remitNo, payment.payNo, receipt.receiptNo, w.taxOrderNo])
      expect(text).toContain(String(no));
    expect(text).toContain(`¥${(Number(w.amountFen) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    // Every step has its document but the prepayment deduction, which this waybill was chosen without.
    const empty = await chain.locator('.ant-table-row', { hasText: '暂无' }).allTextContents();
    expect(empty.map((r) => r.replace(/暂无.*/, ''))).toEqual(['预付扣款']);
    // The funds-flow upload's row carries its state.
    const uploadRow = chain.locator('.ant-table-row', { hasText: '资金流水' });
    expect(await uploadRow.textContent()).toContain('已接收');
    expect(await active().locator('[data-testid="chain-open"]').textContent()).toContain('¥0.00');
    await screenshot(b.page, 'waybill-chain');

    // A document's number opens its own detail.
    await chain.getByRole('link', { name: String(w.remitNo) }).click();
    await b.page.waitForURL(/#\/tms\/Carrier\/Approval\/detail\/\d+/);
    expect(b.problems).toEqual([]);
  });
});
