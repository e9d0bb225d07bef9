import { conflict } from '../errors.js';
import { instanceId, runJobNow as runNow } from '../jobs/runner.js';
import type { ActionHandler } from './types.js';

const owner = instanceId();

/** Row action of the job schedules: runs the job at once, unless a run holds it. */
export const runJobNow: ActionHandler = async (ctx, _access, record) => {
  const outcome = await runNow(ctx, Number(record!.id), owner);
  if (!outcome) throw conflict('ops.server.jobs.busy');
  if (outcome.status === 'failed') throw conflict('ops.server.jobs.failed', { error: outcome.error?.slice(0, 200) ?? '' });
  return { message: 'ops.server.jobs.done', params: { rows: outcome.rows }, outcome };
};
