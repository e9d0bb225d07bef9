import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { Database } from './db/connect.js';
import { createTestApp, login, type TestApp } from './test/harness.js';
import { caller, dataOf, refusal, type Caller } from './test/dataApi.js';
import { registerJob } from './jobs/index.js';

const DEPT = 'platformUser/department';

const databaseOf = (app: FastifyInstance): Database => app.ctx.database;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let slowRuns = 0;
// Outlasts a scheduler tick, so the other instance looks for due jobs while this run holds the job.
registerJob('twoInstancesSlow', async () => {
  slowRuns++;
  await sleep(1_500);
  return { rows: 1 };
});

/** Resolves once `app` has been told of a write to `table` (its own or, on PostgreSQL, another instance's). */
function heard(app: FastifyInstance, table: string): Promise<void> {
  return new Promise((resolve) => {
    const off = databaseOf(app).writes!.onWrite((tables) => {
      if (tables && !tables.has(table)) return;
      off();
      resolve();
    });
  });
}

/**
 * Two server instances (buildApp twice) on one PostgreSQL database, as operators run them behind a
 * balancer: whatever one instance writes, the other answers from, and a scheduled job runs once.
 */
describe.skipIf(!process.env.TEST_PG_URL)('two server instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let a: Caller;
  let b: Caller;

  beforeAll(async () => {
    first = await createTestApp('postgres');
    // The second instance starts on a database the first has already prepared, as a rolling start does.
    second = await buildApp(first.config, { logger: false });
    await second.ready();
    const token = await login(first.app, 'admin');
    a = caller(first.app, token);
    b = caller(second, token);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const createDept = async (who: Caller, code: string) =>
    dataOf(await who.post(DEPT, '', { code, name: `部门${code}`, status: 'active' }), 201);

  it('accepts on one instance the session signed in on the other, and ends it on both at sign-out', async () => {
    const token = await login(second, 'admin');
    const onFirst = caller(first.app, token);
    expect(dataOf(await onFirst.get(DEPT, '?page=1&size=1')).list).toHaveLength(1);
    // The first instance now holds the session in its cache; the sign-out goes through the second.
    const revoked = heard(first.app, 'sys_session');
    expect(
      (await second.inject({ method: 'GET', url: '/open-platform/logout', headers: { authorization: `Bearer ${token}` } })).json().status,
    ).toBe(0);
    await revoked;
    refusal(await onFirst.get(DEPT, '?page=1&size=1'), 401);
  });

  it('answers 409 on one instance for a version the other has already moved on', async () => {
    const rec = await createDept(a, 'TWO1');
    expect(dataOf(await b.get(DEPT, `/${rec.id}`)).version).toBe(1);
    expect(dataOf(await b.put(DEPT, `/${rec.id}`, { version: 1, name: '经第二台' })).version).toBe(2);
    const stale = refusal(await a.put(DEPT, `/${rec.id}`, { version: 1, name: '经第一台' }), 409);
    expect(stale.data.current).toMatchObject({ id: rec.id, name: '经第二台', version: 2 });
    expect(dataOf(await a.get(DEPT, `/${rec.id}`)).name).toBe('经第二台');
  });

  it('shows a write on one instance in the next list read on the other, whose page and count are cached', async () => {
    const read = async () => dataOf(await b.get(DEPT, '?page=1&size=5&status=active&sort=-id'));
    const total = async () => (await read()).total as number;
    const before = await total();
    // A row added behind both instances' backs (no announcement): the second keeps its cached count.
    const raw = new pg.Client({ connectionString: first.config.databaseUrl });
    await raw.connect();
    try {
      await raw.query(
        `INSERT INTO org_department (code, name, status, "partyCode", "createdAt", "updatedAt") VALUES ('TWO-RAW', '直写', 'active', 'P0001', now()::text, now()::text)`,
      );
    } finally {
      await raw.end();
    }
    expect(await total()).toBe(before);
    expect((await read()).list.map((r: { code: string }) => r.code)).not.toContain('TWO-RAW');

    const told = heard(second, 'org_department');
    await createDept(a, 'TWO2');
    await told;
    const after = await read();
    expect(after.total).toBe(before + 2);
    expect(after.list.map((r: { code: string }) => r.code).slice(0, 2)).toEqual(['TWO2', 'TWO-RAW']);
  });

  it('runs a due job once while both instances look for due jobs every second', async () => {
    // Two more instances with their schedulers on, as production runs them (the test harness turns them off).
    const timed = await Promise.all(
      [0, 1].map(async () => {
        const app = await buildApp({ ...first.config, jobTickSeconds: 1 }, { logger: false });
        await app.ready();
        return app;
      }),
    );
    try {
      const db = databaseOf(first.app).core;
      const now = new Date().toISOString();
      slowRuns = 0;
      await db
        .insertInto('sys_job_schedule')
        .values({
          name: 'twoInstancesOnce',
          job: 'twoInstancesSlow',
          intervalMinutes: 60,
          status: 'active',
          retryMinutes: 5,
          maxRetries: 0,
          failures: 0,
          nextRunAt: new Date(Date.now() - 1_000).toISOString(),
          createdAt: now,
          updatedAt: now,
          createdBy: 'test',
          updatedBy: 'test',
        })
        .execute();
      const runs = () =>
        db.selectFrom('sys_job_run').select(['status', 'instance', 'endedAt']).where('scheduleName', '=', 'twoInstancesOnce').execute();
      for (let waited = 0; !(await runs()).some((r) => r.endedAt) && waited < 15_000; waited += 100) await sleep(100);
      // Each instance ticks twice more after the run: the job is not due again for an hour.
      await sleep(2_500);
      const done = await runs();
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject({ status: 'succeeded' });
      expect(slowRuns).toBe(1);
      const s = await db
        .selectFrom('sys_job_schedule')
        .select(['leaseOwner', 'nextRunAt'])
        .where('name', '=', 'twoInstancesOnce')
        .executeTakeFirstOrThrow();
      expect(s.leaseOwner).toBeNull();
      expect(Date.parse(String(s.nextRunAt))).toBeGreaterThan(Date.now() + 55 * 60_000);
    } finally {
      await Promise.all(timed.map((app) => app.close()));
    }
  });
});
