import type { FastifyInstance } from 'fastify';
import { nowIso } from '../context.js';
import { DEFAULT_SCHEDULES } from './index.js';
import { nextRunAt } from './nextRun.js';
import { instanceId, runDueJobs } from './runner.js';

/** Adds the default schedules a database lacks (by name); edits made in the console are kept. */
export async function seedSchedules(app: FastifyInstance): Promise<void> {
  const db = app.ctx.database.core;
  for (const s of DEFAULT_SCHEDULES) {
    if (await db.selectFrom('sys_job_schedule').select('id').where('name', '=', s.name).executeTakeFirst()) continue;
    const now = nowIso();
    await db
      .insertInto('sys_job_schedule')
      .values({
        ...s,
        status: 'active',
        retryMinutes: 5,
        maxRetries: 3,
        failures: 0,
        nextRunAt: nextRunAt(s, new Date()).toISOString(),
        createdAt: now,
        updatedAt: now,
        createdBy: 'system',
        updatedBy: 'system',
      })
      .execute();
  }
}

/**
 * Looks for due jobs every `tickSeconds` (0: never, as in tests, which call runDueJobs themselves).
 * The timer is unref'd, so it never keeps the process alive, and stops when the app closes; a
 * close waits for a run in progress.
 */
export function startScheduler(app: FastifyInstance, tickSeconds: number): void {
  if (!tickSeconds) return;
  const owner = instanceId();
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runDueJobs(app.ctx, owner, new Date(), (m) => app.log.warn(m))
      .catch((err) => app.log.error({ err }, 'job scheduler tick failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, tickSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
