import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../context.js';
import { jobHandler } from './index.js';
import { nextRunAt } from './nextRun.js';

/** How long a taken job stays taken if its server dies mid-run; a live runner finishes well before. */
export const LEASE_MS = 30 * 60_000;

/** Names this server instance in leases and run records. */
export const instanceId = () => `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

type Schedule = {
  id: number;
  name: string;
  job: string;
  intervalMinutes: number | null;
  dailyAt: string | null;
  retryMinutes: number;
  maxRetries: number;
  failures: number;
};

export interface RunOutcome {
  name: string;
  status: 'succeeded' | 'failed';
  rows: number;
  error?: string;
}

/**
 * Takes the lease of a schedule: one conditional UPDATE, so of several servers on one database
 * exactly one succeeds. `due` also requires the schedule to be due (a timer's tick); a manual run
 * only requires that nobody holds the lease.
 */
async function takeLease(ctx: AppContext, id: number, owner: string, now: Date, due: boolean): Promise<boolean> {
  const iso = now.toISOString();
  let q = ctx.database.core
    .updateTable('sys_job_schedule')
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', iso)]));
  if (due) q = q.where('status', '=', 'active').where((eb) => eb.or([eb('nextRunAt', 'is', null), eb('nextRunAt', '<=', iso)]));
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

const COLUMNS = ['id', 'name', 'job', 'intervalMinutes', 'dailyAt', 'retryMinutes', 'maxRetries', 'failures'] as const;

/** Runs every due schedule this server can take; a failing job is recorded and never thrown. */
export async function runDueJobs(
  ctx: AppContext,
  owner: string,
  now = new Date(),
  log: (m: string) => void = () => {},
): Promise<RunOutcome[]> {
  const iso = now.toISOString();
  const due = (await ctx.database.core
    .selectFrom('sys_job_schedule')
    .select([...COLUMNS])
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('nextRunAt', 'is', null), eb('nextRunAt', '<=', iso)]))
    .orderBy('id')
    .execute()) as Schedule[];
  const out: RunOutcome[] = [];
  for (const s of due) {
    if (!(await takeLease(ctx, s.id, owner, now, true))) continue;
    out.push(await runTaken(ctx, s, owner, now, 'schedule', log));
  }
  return out;
}

/** Runs one schedule now (the console's "run now"); null when another run holds it. */
export async function runJobNow(
  ctx: AppContext,
  scheduleId: number,
  owner: string,
  log: (m: string) => void = () => {},
): Promise<RunOutcome | null> {
  const s = (await ctx.database.core
    .selectFrom('sys_job_schedule')
    .select([...COLUMNS])
    .where('id', '=', scheduleId)
    .executeTakeFirst()) as Schedule | undefined;
  const now = new Date();
  if (!s || !(await takeLease(ctx, s.id, owner, now, false))) return null;
  return runTaken(ctx, s, owner, now, 'manual', log);
}

async function runTaken(
  ctx: AppContext,
  s: Schedule,
  owner: string,
  now: Date,
  trigger: string,
  log: (m: string) => void,
): Promise<RunOutcome> {
  const db = ctx.database.core;
  const started = new Date().toISOString();
  const stamp = { createdAt: started, updatedAt: started, createdBy: 'system', updatedBy: 'system' };
  const { id: runId } = await db
    .insertInto('sys_job_run')
    .values({ scheduleName: s.name, job: s.job, startedAt: started, status: 'running', instance: owner, trigger, ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  let outcome: RunOutcome;
  try {
    const handler = jobHandler(s.job);
    if (!handler) throw new Error(`no job named "${s.job}" is registered`);
    const result = await handler(ctx, { now, log });
    outcome = { name: s.name, status: 'succeeded', rows: Number(result?.rows ?? 0) };
  } catch (err) {
    outcome = { name: s.name, status: 'failed', rows: 0, error: err instanceof Error ? err.message : String(err) };
    log(`job ${s.name} failed: ${outcome.error}`);
  }
  const ended = new Date();
  const failures = outcome.status === 'failed' ? s.failures + 1 : 0;
  // A failure is retried after retryMinutes, up to maxRetries times; then the schedule's own time applies.
  const retry = outcome.status === 'failed' && failures <= s.maxRetries;
  const next = retry ? new Date(ended.getTime() + s.retryMinutes * 60_000) : nextRunAt(s, ended);
  await db
    .updateTable('sys_job_run')
    .set({
      endedAt: ended.toISOString(),
      status: outcome.status,
      rows: outcome.rows,
      error: outcome.error?.slice(0, 2000) ?? null,
      updatedAt: ended.toISOString(),
    })
    .where('id', '=', Number(runId))
    .execute();
  await db
    .updateTable('sys_job_schedule')
    .set({
      lastRunAt: started,
      lastStatus: outcome.status,
      lastError: outcome.error?.slice(0, 500) ?? null,
      failures: retry ? failures : 0,
      nextRunAt: next.toISOString(),
      leaseOwner: null,
      leaseUntil: null,
    })
    .where('id', '=', s.id)
    .where('leaseOwner', '=', owner)
    .execute();
  return outcome;
}
