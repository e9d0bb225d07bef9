import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, signIn, type Caller } from '../../test/dataApi.js';
import { runDueJobs } from '../../jobs/runner.js';
import { dynamicView } from '../../db/connect.js';

type Row = Record<string, unknown>;

describe.each(dialects())('the tax aggregation job on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const rows = (table: string) => dynamicView(db()).selectFrom(table).selectAll().orderBy('id').execute() as Promise<Row[]>;
  const figures = (r: Row) => ({ ...r, aggregatedAt: undefined, updatedAt: undefined, updatedBy: undefined, version: undefined });
  const runNow = async () => {
    await db()
      .updateTable('sys_job_schedule')
      .set({ nextRunAt: new Date(Date.now() - 1000).toISOString(), failures: 0 })
      .where('name', '=', 'taxAggregation')
      .execute();
    const outcomes = await runDueJobs(t.app.ctx, 'test');
    return outcomes.find((o) => o.name === 'taxAggregation')!;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => t?.close());

  it('is scheduled hourly and finds the demo data already complete: no new documents, the same figures', async () => {
    const s = await db().selectFrom('sys_job_schedule').selectAll().where('name', '=', 'taxAggregation').executeTakeFirstOrThrow();
    expect(s.intervalMinutes).toBe(60);
    const before = await Promise.all(
      ['tax_order', 'tax_order_declaration', 'tax_personal_declaration', 'tax_personal_aggregate'].map(rows),
    );
    expect(await runNow()).toMatchObject({ status: 'succeeded' });
    const after = await Promise.all(['tax_order', 'tax_order_declaration', 'tax_personal_declaration', 'tax_personal_aggregate'].map(rows));
    for (let i = 0; i < before.length; i++) expect(after[i].map(figures)).toEqual(before[i].map(figures));
  });

  it('turns a newly confirmed settlement into a tax order, adds it to the month’s pending declaration and the driver’s figures', async () => {
    const decl = (await rows('tax_order_declaration')).find((d) => d.status === 'pending' && d.partyCode === 'C1002')!;
    const [y, m] = String(decl.period).split('-').map(Number);
    // The 20th of the declaration's month, 10:00 China time.
    const inPeriod = new Date(Date.UTC(y, m - 1, 20, 2)).toISOString();
    // Which drivers the income cap holds depends on the day's demo data (on some days every pending
    // settlement of C1002 is held): the organisation raises its cap, so any of them can be confirmed.
    await db()
      .updateTable('tax_iit_config')
      .set({ annualCapFen: 1_000_000_000 })
      .where('partyCode', '=', 'C1002')
      .where('status', '=', 'active')
      .where('incomeType', '=', 'business')
      .execute();
    const pending = (await rows('tms_settlement')).find(
      (s) => s.status === 'pending' && s.partyCode === 'C1002' && [true, 1].includes(s.taxWithheld as never),
    )!;
    expect(pending).toBeTruthy();
    dataOf(
      await admin.post('tms/settlement/settlement', `/${pending.id}/transitions/confirm`, {
        confirmedAt: inPeriod,
        version: pending.version,
      }),
    );
    expect(await runNow()).toMatchObject({ status: 'succeeded' });

    const order = (await rows('tax_order')).find((o) => o.settlementNo === pending.settlementNo)!;
    expect(order).toMatchObject({
      partyCode: 'C1002',
      period: decl.period,
      declarationNo: decl.declarationNo,
      status: 'pending',
      driverIdcard: pending.driverIdcard,
    });
    const settlement = (await rows('tms_settlement')).find((s) => s.id === pending.id)!;
    expect(Number(order.taxTotalFen)).toBe(Number(settlement.withheldTaxFen));
    const own = (await rows('tax_order')).filter((o) => o.declarationNo === decl.declarationNo);
    const updated = (await rows('tax_order_declaration')).find((d) => d.id === decl.id)!;
    expect([Number(updated.orderCount), Number(updated.incomeTotalFen), Number(updated.taxTotalFen)]).toEqual([
      Number(decl.orderCount) + 1,
      own.reduce((s, o) => s + Number(o.incomeFen), 0),
      own.reduce((s, o) => s + Number(o.taxTotalFen), 0),
    ]);
    const driverOrders = own.filter((o) => o.driverIdcard === pending.driverIdcard);
    const personal = (await rows('tax_personal_declaration')).find(
      (p) => p.period === decl.period && p.driverIdcard === pending.driverIdcard && p.partyCode === 'C1002',
    )!;
    expect(Number(personal.dueFen)).toBe(driverOrders.reduce((s, o) => s + Number(o.iitFen), 0));
    const aggregate = (await rows('tax_personal_aggregate')).find(
      (a) => a.period === decl.period && a.driverIdcard === pending.driverIdcard && a.partyCode === 'C1002',
    )!;
    expect(Number(aggregate.incomeFen)).toBe(driverOrders.reduce((s, o) => s + Number(o.incomeFen), 0));
  });

  it('flags a driver over the cap once the organisation lowers it', async () => {
    const config = (await rows('tax_iit_config')).find(
      (c) => c.partyCode === 'C1001' && c.status === 'active' && c.incomeType === 'business',
    )!;
    await db().updateTable('tax_iit_config').set({ annualCapFen: 100 }).where('id', '=', Number(config.id)).execute();
    expect(await runNow()).toMatchObject({ status: 'succeeded' });
    const own = (await rows('tax_personal_aggregate')).filter((a) => a.partyCode === 'C1001');
    expect(own.every((a) => [true, 1].includes(a.overLimit as never) && Number(a.annualCapFen) === 100)).toBe(true);
  });
});
