import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, signIn, type Caller } from '../../test/dataApi.js';
import { DEMO_APP } from './demo.js';
import { callGateway } from './testClient.js';
import { runDueJobs } from '../../jobs/runner.js';
import { callStatistics, chinaDay } from './callStatistics.js';

const STATS = 'customerManage/statistics';
const SETTING = 'customerManage/statisticsSetting';
const SMS = { service: 'sms', operation: 'send', body: { phone: '13800138000', template: 'notice_sign', content: '运单已签收' } };
const DAY = 86_400_000;

describe.each(dialects())('the call statistics job on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  const db = () => t.app.ctx.database.db;
  const run = (now: Date) => callStatistics(t.app.ctx, { now, log: () => undefined });
  /** The hour given, China time, today. */
  const atChinaHour = (hour: number) =>
    new Date(Date.parse(`${chinaDay(Date.now())}T00:00:00.000Z`) - 8 * 3_600_000 + hour * 3_600_000 + 60_000);
  const statsOf = (party: string, day?: string) => {
    let q = db().selectFrom('cm_call_stat').selectAll().where('partyCode', '=', party);
    if (day) q = q.where('statDay', '=', day);
    return q.execute();
  };
  const logged = async (party: string, from: string) => {
    const r = await db()
      .selectFrom('cust_service_log')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('feeFen').as('fee')])
      .where('partyCode', '=', party)
      .where('calledAt', '>=', from)
      .executeTakeFirstOrThrow();
    return { calls: Number(r.n), fee: Number(r.fee ?? 0) };
  };
  const sum = (rows: Record<string, unknown>[], field: string) => rows.reduce((s, r) => s + Number(r[field] ?? 0), 0);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a')]);
  });
  afterAll(async () => t?.close());

  it('fills the demo statistics from the service log, and they add up to it', async () => {
    const rows = await statsOf('C1001');
    expect(rows.length).toBeGreaterThan(20);
    const oldest = rows.map((r) => String(r.statDay)).sort()[0];
    const from = new Date(Date.parse(`${oldest}T00:00:00.000Z`) - 8 * 3_600_000).toISOString();
    const log = await logged('C1001', from);
    expect({ calls: sum(rows, 'calls'), fee: sum(rows, 'feeFen') }).toEqual(log);
    for (const r of rows) expect(Number(r.calls)).toBe(Number(r.successCount) + Number(r.failureCount) + Number(r.refusedCount));
    const listed = dataOf(await custA.get(STATS));
    expect(listed.list.every((r: { partyCode: string }) => r.partyCode === 'C1001')).toBe(true);
    expect(listed.list.length).toBeGreaterThan(0);
  });

  it('runs hourly from the schedule and counts today’s new calls once, however often it runs', async () => {
    const s = await db().selectFrom('sys_job_schedule').selectAll().where('name', '=', 'callStatistics').executeTakeFirstOrThrow();
    expect(Number(s.intervalMinutes)).toBe(60);
    const today = chinaDay(Date.now());
    const before = await statsOf('C1001', today);
    const answers = await Promise.all([1, 2, 3].map(() => callGateway(t.app, { ...DEMO_APP, ...SMS })));
    const fee = answers.reduce((f, r) => f + Number(r.json().data.feeFen), 0);
    for (let i = 0; i < 2; i++) {
      await db()
        .updateTable('sys_job_schedule')
        .set({ nextRunAt: new Date(Date.now() - 1000).toISOString(), failures: 0 })
        .where('name', '=', 'callStatistics')
        .execute();
      await runDueJobs(t.app.ctx, 'test');
    }
    const runRow = await db()
      .selectFrom('sys_job_run')
      .selectAll()
      .where('scheduleName', '=', 'callStatistics')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(runRow.status).toBe('succeeded');
    const after = await statsOf('C1001', today);
    expect(sum(after, 'calls') - sum(before, 'calls')).toBe(3);
    expect(sum(after, 'feeFen') - sum(before, 'feeFen')).toBe(fee);
  });

  it('follows the setting: services and metrics aggregated, recomputed days at the aggregation hour, retention', async () => {
    const setting = dataOf(await admin.get(SETTING, '?partyCode=P0001')).list[0];
    dataOf(
      await admin.put(SETTING, `/${setting.id}`, {
        ...setting,
        services: ['sms'],
        metrics: ['calls', 'success'],
        backfillDays: 5,
        retentionDays: 30,
        aggregationHour: 3,
      }),
    );
    const stale = chinaDay(Date.now() - 40 * DAY);
    await db()
      .insertInto('cm_call_stat')
      .values({
        partyCode: 'C1001',
        statDay: stale,
        service: 'sms',
        calls: 9,
        successCount: 9,
        failureCount: 0,
        refusedCount: 0,
        feeFen: 36,
        version: 1,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const fourDaysAgo = chinaDay(Date.now() - 4 * DAY);
    const sixDaysAgo = chinaDay(Date.now() - 6 * DAY);
    const untouched = await statsOf('C1001', sixDaysAgo);

    // Another hour: only today is recomputed, and nothing is purged.
    await run(atChinaHour(5));
    expect((await statsOf('C1001', chinaDay(Date.now()))).map((r) => r.service)).toEqual(['sms']);
    expect((await statsOf('C1001', fourDaysAgo)).length).toBeGreaterThan(1);
    expect(await statsOf('C1001', stale)).toHaveLength(1);

    // The aggregation hour: the last five days follow the setting, older days stay, the stale day goes.
    await run(atChinaHour(3));
    const recent = await statsOf('C1001', fourDaysAgo);
    expect(recent.every((r) => r.service === 'sms' && r.feeFen === null && r.failureCount === null && Number(r.calls) >= 0)).toBe(true);
    expect((await statsOf('C1001', sixDaysAgo)).length).toBe(untouched.length);
    expect(await statsOf('C1001', stale)).toHaveLength(0);
  });
});
