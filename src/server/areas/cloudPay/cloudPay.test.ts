import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { countRows, dataOf, refusal, signIn, type Caller } from '../../test/dataApi.js';
import { runDueJobs } from '../../jobs/runner.js';
import { chinaDay, reconcileDay } from './reconcile.js';

const PAY = 'cloudPay/paymentLog';
const A1 = '1001244309300012345'; // C1001, ICBC
const A2 = '121912345610801'; // C1001, CMB
const A3 = '51050142620800001234'; // C1002, CCB
/** A C1001 waybill the bank-mechanics payments are advances against (set once the app is up). */
let advanceWaybill = '';
const order = (payeeAccount: string, amountFen: number, accountNo = A1) => ({
  accountNo,
  payeeName: '南京宁通运输有限公司',
  payeeAccount,
  payeeBank: '中国农业银行南京分行',
  payeeCnaps: '103301000012',
  payeeRegion: ['320000', '320100'],
  amountFen,
  bizType: 'advance',
  bizNo: advanceWaybill,
  purpose: '运费预付',
});

describe.each(dialects())('cloud enterprise pay on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  const db = () => t.app.ctx.database.db;
  const account = (no: string) => db().selectFrom('cp_account').selectAll().where('accountNo', '=', no).executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);

  /** Every account's balance log chains (each ledger = previous + change) and ends at the account's ledger; frozen = processing payments. */
  async function expectBooksConsistent() {
    for (const a of await db().selectFrom('cp_account').selectAll().execute()) {
      const log = await db()
        .selectFrom('cp_balance_log')
        .selectAll()
        .where('accountNo', '=', a.accountNo)
        .orderBy('queriedAt')
        .orderBy('id')
        .execute();
      for (let i = 1; i < log.length; i++)
        expect(n(log[i].ledgerFen), `${a.accountNo} log row ${i}`).toBe(n(log[i - 1].ledgerFen) + n(log[i].changeFen));
      expect(n(log.at(-1)!.ledgerFen)).toBe(n(a.ledgerFen));
      const processing = await db()
        .selectFrom('cp_payment')
        .selectAll()
        .where('accountNo', '=', a.accountNo)
        .where('status', '=', 'processing')
        .execute();
      expect(n(a.frozenFen)).toBe(processing.reduce((s, p) => s + n(p.amountFen) + n(p.feeFen), 0));
      expect(n(a.availableFen)).toBe(n(a.ledgerFen) - n(a.frozenFen));
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
    custB = await signIn(t.app, 'cust_b');
    advanceWaybill = String(
      (
        await db()
          .selectFrom('tms_waybill')
          .select('waybillNo')
          .where('partyCode', '=', 'C1001')
          .orderBy('waybillNo', 'desc')
          .executeTakeFirstOrThrow()
      ).waybillNo,
    );
  });
  afterAll(async () => t?.close());

  it('generates the demo along the chain: every remittance paid by cloud pay has its payment (settlement no., serial) and its bank receipt', async () => {
    const remits = await db()
      .selectFrom('tms_remit_approval')
      .select(['remitNo', 'partyCode', 'settlementNo', 'amountFen', 'bankSerialNo', 'payerAccount'])
      .where('status', '=', 'paid')
      .where('paymentMethod', '=', 'cloudPay')
      .execute();
    expect(remits.length).toBeGreaterThan(20);
    const payments = new Map(
      (await db().selectFrom('cp_payment').selectAll().where('bizType', '=', 'freight').execute()).map((p) => [String(p.bankSerialNo), p]),
    );
    const receipts = new Map(
      (await db().selectFrom('cp_receipt').selectAll().where('direction', '=', 'debit').execute()).map((r) => [String(r.bankSerialNo), r]),
    );
    const broken = remits.filter((r) => {
      const p = payments.get(String(r.bankSerialNo));
      const receipt = receipts.get(String(r.bankSerialNo));
      return (
        !p ||
        p.bizNo !== r.settlementNo ||
        n(p.amountFen) !== n(r.amountFen) ||
        p.status !== 'success' ||
        p.accountNo !== r.payerAccount ||
        p.partyCode !== r.partyCode ||
        !receipt ||
        receipt.bizNo !== p.payNo ||
        n(receipt.amountFen) !== n(r.amountFen)
      );
    });
    expect(broken.map((r) => r.remitNo)).toEqual([]);
    // And every successful freight payment pays a settlement of its own organisation.
    const settlements = new Map(
      (await db().selectFrom('tms_settlement').select(['settlementNo', 'partyCode']).execute()).map((s) => [
        String(s.settlementNo),
        s.partyCode,
      ]),
    );
    const orphans = [...payments.values()].filter((p) => p.status === 'success' && settlements.get(String(p.bizNo)) !== p.partyCode);
    expect(orphans.map((p) => p.payNo)).toEqual([]);
    // Advances and fuel cards name a waybill of their own organisation.
    const waybills = new Map(
      (await db().selectFrom('tms_waybill').select(['waybillNo', 'partyCode']).execute()).map((w) => [String(w.waybillNo), w.partyCode]),
    );
    const advances = await db()
      .selectFrom('cp_payment')
      .select(['payNo', 'bizNo', 'partyCode'])
      .where('bizType', 'in', ['advance', 'fuelCard'])
      .execute();
    expect(advances.length).toBeGreaterThan(0);
    expect(advances.filter((p) => waybills.get(String(p.bizNo)) !== p.partyCode).map((p) => p.payNo)).toEqual([]);
  });

  it('pays freight only for a settlement of the payer’s organisation that still has money open, naming the missing or wrong link', async () => {
    const before = await countRows(t, 'cp_payment');
    const freight = (bizNo: string, amountFen: number) =>
      custA.post(PAY, '/actions/submitPayment', { ...order('6228480010987654321', amountFen), bizType: 'freight', bizNo, purpose: '运费' });
    expect(refusal(await freight('JS20991231000001', 100), 400).data.fieldErrors.bizNo).toMatch(/JS20991231000001 names no Settlement/i);
    const other = await db()
      .selectFrom('tms_settlement')
      .select('settlementNo')
      .where('partyCode', '=', 'C1002')
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    expect(refusal(await freight(String(other.settlementNo), 100), 400).data.fieldErrors.bizNo).toMatch(/belongs to another organisation/);
    const own = await db()
      .selectFrom('tms_settlement')
      .select(['settlementNo', 'finalPayFen'])
      .where('partyCode', '=', 'C1001')
      .where('status', '=', 'confirmed')
      .where('finalPayFen', '>', 1000)
      .orderBy('settlementNo')
      .executeTakeFirstOrThrow();
    const open =
      n(own.finalPayFen) -
      n(
        (
          await db()
            .selectFrom('cp_payment')
            .select((eb) => eb.fn.sum('amountFen').as('v'))
            .where('bizNo', '=', String(own.settlementNo))
            .executeTakeFirst()
        )?.v,
      );
    expect(refusal(await freight(String(own.settlementNo), open + 1), 400).data.fieldErrors.amountFen).toMatch(/still open/);
    expect(await countRows(t, 'cp_payment')).toBe(before);
    dataOf(await freight(String(own.settlementNo), open));
    expect(refusal(await freight(String(own.settlementNo), 1), 400).data.fieldErrors.bizNo).toMatch(/already fully paid/);
    const missing = refusal(
      await custA.post(PAY, '/actions/submitPayment', { ...order('6228480010987654321', 100), bizNo: 'YD20991231000001' }),
      400,
    );
    expect(missing.data.fieldErrors.bizNo).toMatch(/names no Waybill/);
    expect(await countRows(t, 'cp_payment')).toBe(before + 1);
    await expectBooksConsistent();
  });

  it('has demo books that add up: balances follow the entries, and the reconciliation differences are exactly the unmatched bank entries', async () => {
    await expectBooksConsistent();
    const rows = await db().selectFrom('cp_reconciliation').selectAll().execute();
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      const again = await reconcileDay(db(), String(r.accountNo), String(r.reconDate));
      expect({ ...again, differences: JSON.stringify(again.differences) }).toMatchObject({
        openingFen: n(r.openingFen),
        closingFen: n(r.closingFen),
        diffFen: n(r.diffFen),
        diffCount: n(r.diffCount),
        differences: r.differences,
      });
      expect(n(r.closingFen) - n(r.openingFen)).toBe(n(r.bankCreditFen) - n(r.bankDebitFen));
    }
    const off = rows
      .filter((r) => r.status !== 'balanced')
      .map((r) => ({ accountNo: r.accountNo, status: r.status, diffFen: n(r.diffFen) }));
    expect(off).toEqual(
      expect.arrayContaining([
        { accountNo: A1, status: 'resolved', diffFen: -15_000 }, // the bank's account fee, booked by finance
        { accountNo: A3, status: 'unbalanced', diffFen: 880_000 }, // incoming funds nobody has claimed
      ]),
    );
    expect(off).toHaveLength(2);
  });

  it('lets a customer see and pay from its own accounts only', async () => {
    const own = dataOf(await custA.get('cloudPay/account'))
      .list.map((r: { accountNo: string }) => r.accountNo)
      .sort();
    expect(own).toEqual([A2, A1].sort());
    const before = await countRows(t, 'cp_payment');
    const res = refusal(await custB.post(PAY, '/actions/submitPayment', order('6228480010987654321', 100)), 400);
    expect(res.data.fieldErrors.accountNo).toBeTruthy();
    expect(await countRows(t, 'cp_payment')).toBe(before);
    const self = refusal(await custA.post(PAY, '/actions/submitPayment', { ...order(A1, 100), payeeCnaps: '102290024433' }), 400);
    expect(self.data.fieldErrors.payeeAccount).toBeTruthy();
    expect(await countRows(t, 'cp_payment')).toBe(before);
  });

  it('pays through the sandbox bank: processing freezes amount and fee, success books the debit, its receipt and balance-log row', async () => {
    const start = await account(A1);
    const sent = dataOf(await custA.post(PAY, '/actions/submitPayment', order('6228480010987654321', 350_000))).rows[0];
    expect(sent).toMatchObject({ status: 'processing', feeFen: 500, amountFen: 350_000, payeeRegion: ['320000', '320100'] });
    expect(sent.payNo).toMatch(/^ZF\d{20}$/);
    const frozen = await account(A1);
    expect(n(frozen.frozenFen)).toBe(n(start.frozenFen) + 350_500);
    expect(n(frozen.availableFen)).toBe(n(start.availableFen) - 350_500);
    const done = dataOf(await custA.post(PAY, `/${sent.id}/actions/queryPayment`)).rows[0];
    expect(done).toMatchObject({ status: 'success', paidAt: expect.any(String) });
    const after = await account(A1);
    expect(n(after.ledgerFen)).toBe(n(start.ledgerFen) - 350_500);
    expect(n(after.frozenFen)).toBe(n(start.frozenFen));
    const receipt = await db().selectFrom('cp_receipt').selectAll().where('bizNo', '=', sent.payNo).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({
      direction: 'debit',
      amountFen: 350_000,
      feeFen: 500,
      bankSerialNo: done.bankSerialNo,
      payeeName: '南京宁通运输有限公司',
    });
    refusal(await custA.post(PAY, `/${sent.id}/actions/queryPayment`), 409);
    await expectBooksConsistent();
  });

  it('releases a failed payment and books a bounced one as debit and return, the fee kept by the bank', async () => {
    const start = await account(A1);
    const failed = dataOf(await custA.post(PAY, '/actions/submitPayment', order('6228480010000000000', 20_000))).rows[0];
    expect(dataOf(await custA.post(PAY, `/${failed.id}/actions/queryPayment`)).rows[0]).toMatchObject({
      status: 'failed',
      failReason: '收款账户不存在',
      paidAt: null,
    });
    expect(await countRows(t, 'cp_receipt', { bizNo: failed.payNo })).toBe(0);
    const bounced = dataOf(await custA.post(PAY, '/actions/submitPayment', order('6228480010000004444', 30_000))).rows[0];
    expect(dataOf(await custA.post(PAY, `/${bounced.id}/actions/queryPayment`)).rows[0]).toMatchObject({ status: 'bounced' });
    const receipts = await db()
      .selectFrom('cp_receipt')
      .select(['direction', 'amountFen', 'feeFen'])
      .where('bizNo', '=', bounced.payNo)
      .orderBy('direction', 'desc')
      .execute();
    expect(receipts.map((r) => [r.direction, n(r.amountFen), n(r.feeFen)])).toEqual([
      ['debit', 30_000, 500],
      ['credit', 30_000, 0],
    ]);
    expect(n((await account(A1)).ledgerFen)).toBe(n(start.ledgerFen) - 500);
    await expectBooksConsistent();
    // Today's own payments match the bank's entries one by one.
    expect((await reconcileDay(db(), A1, chinaDay(new Date()))).differences).toEqual([]);
  });

  it('never overdraws an account under concurrent payments, and refuses the rest with the balance named', async () => {
    const start = await account(A2);
    const each = Math.floor(n(start.availableFen) / 3) - 1000;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => custA.post(PAY, '/actions/submitPayment', order('6228480010123450001', each, A2))),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(refusal(r, 409).msg).toMatch(/¥\d+\.\d{2}/);
    expect(n((await account(A2)).availableFen)).toBeGreaterThanOrEqual(0);
    await expectBooksConsistent();
  });

  it('settles processing payments by the scheduled sync and reconciles yesterday by the nightly job', async () => {
    const due = (name: string) =>
      db()
        .updateTable('sys_job_schedule')
        .set({ nextRunAt: new Date(Date.now() - 1000).toISOString(), failures: 0 })
        .where('name', '=', name)
        .execute();
    const run = (name: string) =>
      db().selectFrom('sys_job_run').selectAll().where('scheduleName', '=', name).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await due('paymentStatusSync');
    await runDueJobs(t.app.ctx, 'test');
    expect(await run('paymentStatusSync')).toMatchObject({ status: 'succeeded' });
    expect(await countRows(t, 'cp_payment', { status: 'processing' })).toBe(0);
    await expectBooksConsistent();
    const schedule = await db()
      .selectFrom('sys_job_schedule')
      .selectAll()
      .where('name', '=', 'payReconciliation')
      .executeTakeFirstOrThrow();
    expect(schedule.dailyAt).toBe('01:30');
    await due('payReconciliation');
    await runDueJobs(t.app.ctx, 'test');
    expect(await run('payReconciliation')).toMatchObject({ status: 'succeeded' });
    const yesterday = chinaDay(new Date(Date.now() - 86_400_000));
    const rows = await db().selectFrom('cp_reconciliation').selectAll().where('reconDate', '=', yesterday).execute();
    expect(rows.map((r) => r.accountNo).sort()).toEqual([A1, A2, A3].sort());
  });

  it('reconciles every day not yet balanced, and finds and names a planted difference in a balance, a movement and a past day', async () => {
    const day = (ago: number) => chinaDay(new Date(Date.now() - ago * 86_400_000));
    const at = (ago: number, hour: number) =>
      new Date(Date.parse(`${day(ago)}T${String(hour).padStart(2, '0')}:00:00Z`) - 8 * 3_600_000).toISOString();
    // The demo's movements fall at any time of day, relative to when its database was built: a report
    // meant to close a day must come after all of them.
    const dayEnd = (ago: number) => new Date(Date.parse(`${day(ago - 1)}T00:00:00Z`) - 8 * 3_600_000 - 1).toISOString();
    const stamp = {
      version: 1,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      createdBy: 'test',
      updatedBy: 'test',
    };
    const ledgerAt = async (accountNo: string, iso: string) =>
      n(
        (
          await db()
            .selectFrom('cp_balance_log')
            .select('ledgerFen')
            .where('accountNo', '=', accountNo)
            .where('queriedAt', '<', iso)
            .orderBy('queriedAt', 'desc')
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst()
        )?.ledgerFen,
      );
    // A past day (nine days ago) whose reconciliation was balanced and then lost: a bank debit nobody booked.
    await db().deleteFrom('cp_reconciliation').where('accountNo', '=', A2).where('reconDate', '=', day(9)).execute();
    await db()
      .insertInto('cp_receipt')
      .values({
        partyCode: 'C1001',
        receiptNo: 'HD90000000000001',
        bankSerialNo: '900000000000000001',
        accountNo: A2,
        tradeDate: day(9),
        tradeAt: at(9, 11),
        direction: 'debit',
        payerName: '华东智运物流有限公司',
        payerAccount: A2,
        payeeName: '某加油站',
        payeeAccount: '6222020200112233446',
        amountFen: 12_300,
        feeFen: 0,
        purpose: '未登记的扣款',
        ...stamp,
      })
      .execute();
    await db()
      .insertInto('cp_balance_log')
      .values({
        partyCode: 'C1001',
        accountNo: A2,
        queriedAt: at(9, 11),
        kind: 'debit',
        changeFen: -12_300,
        ledgerFen: (await ledgerAt(A2, at(9, 11))) - 12_300,
        availableFen: 0,
        bankSerialNo: '900000000000000001',
        source: 'directConnect',
        ...stamp,
      })
      .execute();
    // The bank's ledger after that debit is lower by it, in every later entry it reports.
    await db()
      .updateTable('cp_balance_log')
      .set((eb) => ({ ledgerFen: eb('ledgerFen', '-', 12_300), availableFen: eb('availableFen', '-', 12_300) }))
      .where('accountNo', '=', A2)
      .where('queriedAt', '>', at(9, 11))
      .execute();
    // Four days ago, at the day's last moment, the bank reports a closing balance 1,234 fen off what its own entries give.
    await db()
      .insertInto('cp_balance_log')
      .values({
        partyCode: 'C1001',
        accountNo: A1,
        queriedAt: dayEnd(4),
        kind: 'query',
        changeFen: 1_234,
        ledgerFen: (await ledgerAt(A1, dayEnd(4))) + 1_234,
        availableFen: 0,
        source: 'directConnect',
        ...stamp,
      })
      .execute();
    await db().deleteFrom('cp_reconciliation').where('accountNo', '=', A1).where('reconDate', '=', day(4)).execute();

    await db()
      .updateTable('sys_job_schedule')
      .set({ nextRunAt: new Date(Date.now() - 1000).toISOString(), failures: 0 })
      .where('name', '=', 'payReconciliation')
      .execute();
    await runDueJobs(t.app.ctx, 'test');
    const row = (accountNo: string, d: string) =>
      db()
        .selectFrom('cp_reconciliation')
        .selectAll()
        .where('accountNo', '=', accountNo)
        .where('reconDate', '=', d)
        .executeTakeFirstOrThrow();
    const movement = await row(A2, day(9));
    expect(movement).toMatchObject({ status: 'unbalanced', diffCount: 1 });
    expect(JSON.parse(String(movement.differences))).toEqual([
      expect.objectContaining({ kind: 'bankOnly', bankSerialNo: '900000000000000001', bankFen: 12_300, summary: '未登记的扣款' }),
    ]);
    const balance = await row(A1, day(4));
    expect(balance.status).toBe('unbalanced');
    expect(JSON.parse(String(balance.differences))).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'balance', direction: 'credit' })]),
    );
    const named = JSON.parse(String(balance.differences)).find((d: { kind: string }) => d.kind === 'balance');
    expect(named.bankFen - named.systemFen).toBe(1_234);
    // Days that balanced before are not rewritten; a day found unbalanced is looked at again the next night.
    const quiet = await db()
      .selectFrom('cp_reconciliation')
      .select(['reconDate', 'version'])
      .where('accountNo', '=', A3)
      .where('status', '=', 'balanced')
      .execute();
    await db()
      .updateTable('sys_job_schedule')
      .set({ nextRunAt: new Date(Date.now() - 1000).toISOString(), failures: 0 })
      .where('name', '=', 'payReconciliation')
      .execute();
    await runDueJobs(t.app.ctx, 'test');
    const after = new Map(
      (await db().selectFrom('cp_reconciliation').select(['reconDate', 'version']).where('accountNo', '=', A3).execute()).map((r) => [
        r.reconDate,
        r.version,
      ]),
    );
    expect(quiet.filter((q) => after.get(q.reconDate) !== q.version)).toEqual([]);
    expect(n((await row(A2, day(9))).version)).toBe(n(movement.version) + 1);
  });

  it('lets staff resolve an unbalanced day with a note', async () => {
    const row = await db().selectFrom('cp_reconciliation').selectAll().where('status', '=', 'unbalanced').executeTakeFirstOrThrow();
    refusal(await admin.post('cloudPay/reconciliation', `/${row.id}/transitions/resolve`, { version: n(row.version) }), 400);
    const done = dataOf(
      await admin.post('cloudPay/reconciliation', `/${row.id}/transitions/resolve`, {
        handledRemark: '客户来款已认领至运费结算单',
        version: n(row.version),
      }),
    );
    expect(done).toMatchObject({ status: 'resolved', handledRemark: '客户来款已认领至运费结算单' });
  });

  it('draws the pay index by payment day over the last 30 days, not by when rows were written', async () => {
    const d = dataOf(await custA.get('cloudPay/payIndex', '/dashboard'));
    const days = d.charts.countPerDay.map((g: { key: string }) => g.key);
    expect(days.length).toBeGreaterThan(8);
    expect([...days].sort()).toEqual(days);
    expect(d.charts.byProvince.map((g: { key: string }) => g.key)).toContain('320000');
    expect(d.figures.payments).toBe(await countRows(t, 'cp_payment', { partyCode: 'C1001' }));
  });
});
