import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { driverWalletDifferences } from './driverWallet.js';
import { accountReconciliation } from '../jobs/accountReconciliation.js';
import { residentIdCheckChar } from '../../shared/validators.js';

const APPLY = 'tms/account/LoanList';
type Row = Record<string, unknown>;

/** Driver withdrawals and loans move money only through the driver's wallet and its ledger (docs/DOMAIN-MONEY.md). */
describe.each(dialects())('the driver wallet on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let driver: Row;
  let waybill: Row;
  let seq = 0;
  const db = () => t.app.ctx.database.db;
  const applyNo = () => `ZZ9${String(Date.now()).slice(-7)}${String(seq++).padStart(4, '0')}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    // A driver of C1001 with a waybill, and (from the demo's loans) a wallet that holds money.
    const row = (await db()
      .selectFrom('tms_driver as d')
      .innerJoin('tms_waybill as w', 'w.driverIdcard', 'd.idcard')
      .select([
        'd.idcard',
        'd.name',
        'd.carrierCode',
        'd.bankName',
        'd.bankCard',
        'd.walletNo',
        'd.walletFen',
        'w.waybillNo',
        'w.carrierCode as waybillCarrier',
      ])
      .where('d.partyCode', '=', 'C1001')
      .where('w.partyCode', '=', 'C1001')
      .where('w.status', '!=', 'cancelled')
      .where('d.walletFen', '>', 0)
      .orderBy('d.walletFen', 'desc')
      .executeTakeFirstOrThrow()) as Row;
    driver = row;
    waybill = { waybillNo: row.waybillNo, carrierCode: row.waybillCarrier };
  });
  afterAll(async () => {
    await t?.close();
  });

  const walletOf = async () =>
    (await db()
      .selectFrom('tms_driver')
      .select(['walletNo', 'walletFen'])
      .where('idcard', '=', String(driver.idcard))
      .executeTakeFirstOrThrow()) as Row;
  const ledger = async (walletNo: unknown) =>
    db()
      .selectFrom('cm_charge_log')
      .select(['id', 'type', 'amountFen', 'balanceAfterFen', 'bizNo', 'voucherNo'])
      .where('accountType', '=', 'driverWallet')
      .where('accountNo', '=', String(walletNo))
      .orderBy('id')
      .execute() as Promise<Row[]>;
  const ledgerCount = async () =>
    Number(
      (
        await db()
          .selectFrom('cm_charge_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('accountType', '=', 'driverWallet')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const applyCount = async () =>
    Number(
      (
        await db()
          .selectFrom('tms_transfer_apply')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const request = (applyType: string, amountFen: number, extra: Row = {}) =>
    admin.post(APPLY, '', {
      partyCode: 'C1001',
      applyNo: applyNo(),
      applyType,
      carrierCode: waybill.carrierCode,
      driverIdcard: driver.idcard,
      payeeName: driver.name,
      bankName: driver.bankName,
      bankCard: driver.bankCard,
      amountFen,
      reason: 'test',
      ...extra,
    });
  const approve = async (r: Row) => dataOf(await admin.post(APPLY, `/${r.id}/transitions/approve`, { version: r.version }));
  const transfer = (r: Row) =>
    admin.post(APPLY, `/${r.id}/transitions/transfer`, {
      version: r.version,
      bankSerialNo: `S${String(r.applyNo)}`,
      transferredAt: new Date().toISOString(),
    });

  it('holds in every demo wallet exactly the sum of its ledger, each row carrying the running balance to the fen', async () => {
    expect((await driverWalletDifferences(db(), dialect)).differences).toEqual([]);
    const rows = await db()
      .selectFrom('cm_charge_log')
      .select(['accountNo', 'type', 'amountFen', 'balanceAfterFen'])
      .where('accountType', '=', 'driverWallet')
      .orderBy('id')
      .execute();
    const running = new Map<string, number>();
    for (const r of rows) {
      const next = (running.get(String(r.accountNo)) ?? 0) + (r.type === 'loan' ? 1 : -1) * Number(r.amountFen);
      expect(Number(r.balanceAfterFen)).toBe(next);
      expect(next).toBeGreaterThanOrEqual(0);
      running.set(String(r.accountNo), next);
    }
    const drivers = await db().selectFrom('tms_driver').select(['walletNo', 'walletFen']).execute();
    expect(drivers.every((d) => typeof d.walletNo === 'string' && /^QB\d{12}$/.test(d.walletNo))).toBe(true);
    for (const d of drivers) expect(Number(d.walletFen)).toBe(running.get(String(d.walletNo)) ?? 0);
  });

  it('has a ledger row behind every transferred demo withdrawal and loan, and a waybill of the same driver behind every loan', async () => {
    const applies = await db()
      .selectFrom('tms_transfer_apply')
      .select(['applyNo', 'applyType', 'amountFen', 'status', 'waybillNo', 'driverIdcard', 'partyCode'])
      .where('applyType', 'in', ['withdraw', 'driverLoan'])
      .execute();
    const moved = applies.filter((a) => a.status === 'transferred');
    expect(moved.filter((a) => a.applyType === 'driverLoan').length).toBeGreaterThan(50);
    expect(moved.filter((a) => a.applyType === 'withdraw').length).toBeGreaterThan(20);
    const rows = await db()
      .selectFrom('cm_charge_log')
      .select(['type', 'amountFen', 'bizNo', 'voucherNo', 'remark'])
      .where('accountType', '=', 'driverWallet')
      .execute();
    const byApply = new Map(rows.map((r) => [String(r.remark), r]));
    expect(rows.length).toBe(moved.length);
    for (const a of moved) {
      const r = byApply.get(String(a.applyNo));
      expect(r, String(a.applyNo)).toBeDefined();
      expect(Number(r!.amountFen)).toBe(Number(a.amountFen));
      expect(r!.type).toBe(a.applyType === 'withdraw' ? 'withdraw' : 'loan');
      if (a.applyType === 'driverLoan') expect(r!.bizNo).toBe(a.waybillNo);
    }
    const loans = applies.filter((a) => a.applyType === 'driverLoan');
    const waybills = new Map(
      (
        await db()
          .selectFrom('tms_waybill')
          .select(['waybillNo', 'driverIdcard', 'partyCode'])
          .where(
            'waybillNo',
            'in',
            loans.map((l) => String(l.waybillNo)),
          )
          .execute()
      ).map((w) => [w.waybillNo, w]),
    );
    for (const l of loans)
      expect(waybills.get(String(l.waybillNo)), String(l.applyNo)).toMatchObject({ driverIdcard: l.driverIdcard, partyCode: l.partyCode });
  });

  it("credits a transferred loan to the wallet with a ledger row naming its waybill; a loan without a waybill, or with another driver's, writes nothing", async () => {
    const before = await walletOf();
    const applies = await applyCount();
    const rows = await ledgerCount();
    const missing = refusal(await request('driverLoan', 100_000), 400);
    expect(Object.keys(missing.data.fieldErrors)).toContain('waybillNo');
    const other = await db()
      .selectFrom('tms_waybill')
      .select('waybillNo')
      .where('partyCode', '=', 'C1001')
      .where('carrierCode', '=', String(waybill.carrierCode))
      .where('driverIdcard', '!=', String(driver.idcard))
      .executeTakeFirst();
    if (other)
      expect(Object.keys(refusal(await request('driverLoan', 100_000, { waybillNo: other.waybillNo }), 400).data.fieldErrors)).toContain(
        'waybillNo',
      );
    expect(await applyCount()).toBe(applies);
    expect(await ledgerCount()).toBe(rows);

    const loan = await approve(dataOf(await request('driverLoan', 123_456, { waybillNo: waybill.waybillNo }), 201));
    expect(dataOf(await transfer(loan)).status).toBe('transferred');
    const after = await walletOf();
    expect(Number(after.walletFen)).toBe(Number(before.walletFen) + 123_456);
    const last = (await ledger(after.walletNo)).at(-1)!;
    expect(last).toMatchObject({ type: 'loan', bizNo: waybill.waybillNo, voucherNo: loan.applyNo });
    expect(Number(last.amountFen)).toBe(123_456);
    expect(Number(last.balanceAfterFen)).toBe(Number(after.walletFen));
  });

  it('refuses to pay out a withdrawal above the balance, naming the wallet and the shortfall, and writes nothing', async () => {
    const { walletNo, walletFen } = await walletOf();
    // The request itself may be made (the balance may grow before it is paid); paying it out is what the wallet refuses.
    const req = await approve(dataOf(await request('withdraw', Number(walletFen) + 1), 201));
    const rows = await ledgerCount();
    const res = refusal(await transfer(req), 400);
    expect(res.data.fieldErrors.amountFen).toContain(String(walletNo));
    expect(res.data.fieldErrors.amountFen).toContain('0.01');
    expect(dataOf(await admin.get(APPLY, `/${req.id}`))).toMatchObject({ status: 'approved', bankSerialNo: null, version: req.version });
    expect(await ledgerCount()).toBe(rows);
    expect((await walletOf()).walletFen).toBe(walletFen);
    // The wallet's own check refuses alike when the form's rule is not in the way (a withdrawal moved by code).
    const { moveDriverWallet } = await import('./driverWallet.js');
    await expect(
      db()
        .transaction()
        .execute((trx) =>
          moveDriverWallet(trx, 'test', {
            driverIdcard: String(driver.idcard),
            partyCode: 'C1001',
            type: 'withdraw',
            amountFen: Number(walletFen) + 1,
            applyNo: String(req.applyNo),
          }),
        ),
    ).rejects.toMatchObject({ key: 'pages.tms.base.driver.wallet.short', params: { wallet: walletNo, shortfall: '0.01' } });
    expect(await ledgerCount()).toBe(rows);
    expect((await walletOf()).walletFen).toBe(walletFen);
  });

  it('gives a driver added in the console a wallet number, which a refused payout names', async () => {
    const body = `11010519850612${String(Date.now() % 1000).padStart(3, '0')}`;
    const added = dataOf(
      await admin.post('tms/base/driver', '', {
        partyCode: 'C1001',
        name: '钱包测试',
        idcard: body + residentIdCheckChar(body),
        phone: '13912345678',
        carrierCode: waybill.carrierCode,
        licenseClass: 'B2',
        licenseExpireAt: '2030-12-31',
        status: 'active',
      }),
      201,
    );
    expect(added.walletNo).toMatch(/^QB\d{12}$/);
    const req = await approve(dataOf(await request('withdraw', 10_000, { driverIdcard: added.idcard, payeeName: added.name }), 201));
    const res = refusal(await transfer(req), 400);
    expect(res.data.fieldErrors.amountFen).toContain(String(added.walletNo));
    expect(res.data.fieldErrors.amountFen).toContain('100');
  });

  it('lets concurrent withdrawals take only what the wallet holds: exactly the ones that fit are transferred, the balance never goes below zero', async () => {
    const { walletNo, walletFen } = await walletOf();
    const each = Math.floor(Number(walletFen) * 0.3);
    const requests: Row[] = [];
    for (let i = 0; i < 5; i++) requests.push(await approve(dataOf(await request('withdraw', each), 201)));
    const rowsBefore = (await ledger(walletNo)).length;
    const answers = await Promise.all(requests.map((r) => transfer(r)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBe(3);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      const body = refusal(a, 400);
      expect(body.data.fieldErrors.amountFen).toContain(String(walletNo));
    }
    const after = await walletOf();
    expect(Number(after.walletFen)).toBe(Number(walletFen) - 3 * each);
    const rows = await ledger(walletNo);
    expect(rows.length).toBe(rowsBefore + 3);
    const statuses = await db()
      .selectFrom('tms_transfer_apply')
      .select('status')
      .where(
        'id',
        'in',
        requests.map((r) => Number(r.id)),
      )
      .execute();
    expect(statuses.filter((s) => s.status === 'transferred').length).toBe(3);
    expect(statuses.filter((s) => s.status === 'approved').length).toBe(2);
    expect((await driverWalletDifferences(db(), dialect)).differences).toEqual([]);
  });

  it('finds and names a planted difference between a wallet and its ledger in the nightly reconciliation', async () => {
    const { walletNo } = await walletOf();
    await db()
      .updateTable('tms_driver')
      .set((eb) => ({ walletFen: eb('walletFen', '+', 1) }))
      .where('idcard', '=', String(driver.idcard))
      .execute();
    try {
      const { differences } = await driverWalletDifferences(db(), dialect);
      expect(differences).toHaveLength(1);
      expect(differences[0].walletNo).toBe(walletNo);
      expect(differences[0].balanceFen - differences[0].expectedFen).toBe(1);
      await expect(accountReconciliation(t.app.ctx, { now: new Date(), log: () => {} })).rejects.toThrow(String(walletNo));
    } finally {
      await db()
        .updateTable('tms_driver')
        .set((eb) => ({ walletFen: eb('walletFen', '-', 1) }))
        .where('idcard', '=', String(driver.idcard))
        .execute();
    }
    expect((await driverWalletDifferences(db(), dialect)).differences).toEqual([]);
  });
});
