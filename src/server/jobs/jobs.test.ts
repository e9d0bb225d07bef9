import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { registerJob } from './index.js';
import { runDueJobs } from './runner.js';
import { nextRunAt } from './nextRun.js';

const SCHEDULE = 'systemManage/jobSchedule';
const RUNS = 'systemManage/jobRun';

let counted = 0;
registerJob('testCount', async () => {
  counted++;
  // Gives a second server time to try for the same run while this one holds it.
  await new Promise((r) => setTimeout(r, 50));
  return { rows: 1 };
});
registerJob('testThrow', async () => {
  throw new Error('upstream bank answered 503');
});

async function addSchedule(t: TestApp, name: string, job: string, extra: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  await t.app.ctx.database.db
    .insertInto('sys_job_schedule')
    .values({
      name,
      job,
      intervalMinutes: 60,
      status: 'active',
      retryMinutes: 5,
      maxRetries: 2,
      failures: 0,
      nextRunAt: new Date(Date.now() - 1000).toISOString(),
      createdAt: now,
      updatedAt: now,
      createdBy: 'test',
      updatedBy: 'test',
      ...extra,
    })
    .execute();
}

const schedule = (t: TestApp, name: string) =>
  t.app.ctx.database.db.selectFrom('sys_job_schedule').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const runs = (t: TestApp, name: string) =>
  t.app.ctx.database.db.selectFrom('sys_job_run').selectAll().where('scheduleName', '=', name).orderBy('id').execute();

describe('schedule times', () => {
  it('adds the interval, or finds the next daily time in China time', () => {
    const now = new Date('2026-11-23T10:00:00Z'); // 18:00 in China
    expect(nextRunAt({ intervalMinutes: 15 }, now).toISOString()).toBe('2026-11-23T10:15:00.000Z');
    expect(nextRunAt({ dailyAt: '03:10' }, now).toISOString()).toBe('2026-11-23T19:10:00.000Z');
    expect(nextRunAt({ dailyAt: '19:30' }, now).toISOString()).toBe('2026-11-23T11:30:00.000Z');
  });
});

describe.each(dialects())('scheduled jobs, on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts with the default schedules, shown in the console', async () => {
    const list = dataOf(await admin.get(SCHEDULE, ''));
    expect(list.list.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['tableBackup', 'sessionCleanup']));
  });

  it('two servers on one database never both run a due job', async () => {
    const second = await buildApp(t.config, { logger: false });
    try {
      await addSchedule(t, 'shared', 'testCount');
      counted = 0;
      const [a, b] = await Promise.all([runDueJobs(t.app.ctx, 'server-a'), runDueJobs(second.ctx, 'server-b')]);
      const mine = [...a, ...b].filter((o) => o.name === 'shared');
      expect(mine).toEqual([{ name: 'shared', status: 'succeeded', rows: 1 }]);
      expect(counted).toBe(1);
      const s = await schedule(t, 'shared');
      expect(s.leaseOwner).toBeNull();
      expect(Date.parse(String(s.nextRunAt))).toBeGreaterThan(Date.now() + 50 * 60_000);
      expect((await runs(t, 'shared')).map((r) => r.status)).toEqual(['succeeded']);
      // Not due any more: neither server runs it again.
      await Promise.all([runDueJobs(t.app.ctx, 'server-a'), runDueJobs(second.ctx, 'server-b')]);
      expect(counted).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('a held lease keeps a due job from running until it expires', async () => {
    await addSchedule(t, 'leased', 'testCount', { leaseOwner: 'crashed', leaseUntil: new Date(Date.now() + 60_000).toISOString() });
    counted = 0;
    await runDueJobs(t.app.ctx, 'server-a');
    expect(counted).toBe(0);
    await t.app.ctx.database.db
      .updateTable('sys_job_schedule')
      .set({ leaseUntil: new Date(Date.now() - 1).toISOString() })
      .where('name', '=', 'leased')
      .execute();
    await runDueJobs(t.app.ctx, 'server-a');
    expect(counted).toBe(1);
  });

  it('a job that throws is recorded as failed, retried per its schedule, and the server keeps serving', async () => {
    await addSchedule(t, 'flaky', 'testThrow');
    const [outcome] = (await runDueJobs(t.app.ctx, 'server-a')).filter((o) => o.name === 'flaky');
    expect(outcome.status).toBe('failed');
    let s = await schedule(t, 'flaky');
    expect(s.lastStatus).toBe('failed');
    expect(s.lastError).toMatch(/503/);
    expect(Number(s.failures)).toBe(1);
    const retryAt = Date.parse(String(s.nextRunAt));
    expect(retryAt).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(retryAt).toBeLessThan(Date.now() + 6 * 60_000);
    // Retries used up: the next time is the schedule's own (every 60 minutes), and the count starts again.
    for (let i = 0; i < 2; i++) {
      await t.app.ctx.database.db
        .updateTable('sys_job_schedule')
        .set({ nextRunAt: new Date(Date.now() - 1000).toISOString() })
        .where('name', '=', 'flaky')
        .execute();
      await runDueJobs(t.app.ctx, 'server-a');
    }
    s = await schedule(t, 'flaky');
    expect(Number(s.failures)).toBe(0);
    expect(Date.parse(String(s.nextRunAt))).toBeGreaterThan(Date.now() + 50 * 60_000);
    const history = dataOf(
      await admin.get(RUNS, `?scheduleName=flaky&startedAt=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())},`),
    );
    expect(history.list.length).toBe(3);
    expect(
      history.list.every(
        (r: { status: string; error: string; endedAt: string }) => r.status === 'failed' && /503/.test(r.error) && r.endedAt,
      ),
    ).toBe(true);
    expect((await admin.get(SCHEDULE, '')).statusCode).toBe(200);
  });

  it('the table-backup job backs up due tables and records the time; run now works from the console', async () => {
    await t.app.ctx.database.db.updateTable('ops_table_backup').set({ backupTime: '00:00', lastBackupAt: null }).execute();
    const id = Number((await schedule(t, 'tableBackup')).id);
    const answer = dataOf(await admin.post(SCHEDULE, `/${id}/actions/runNow`, {}));
    expect(answer.outcome.status).toBe('succeeded');
    expect(answer.outcome.rows).toBeGreaterThan(0);
    const configs = await t.app.ctx.database.db.selectFrom('ops_table_backup').select(['status', 'lastBackupAt']).execute();
    for (const c of configs) expect(Boolean(c.lastBackupAt)).toBe(c.status === 'active');
    expect(fs.readdirSync(`${t.config.dataDir}/backups`).length).toBeGreaterThan(0);
    // Nothing is due right after: the next run backs up nothing.
    const again = dataOf(await admin.post(SCHEDULE, `/${id}/actions/runNow`, {}));
    expect(again.outcome.rows).toBe(0);
    const staff = await signIn(t.app, 'staff');
    refusal(await staff.post(SCHEDULE, `/${id}/actions/runNow`, {}), 403);
  });
});
