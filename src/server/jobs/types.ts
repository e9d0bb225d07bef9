import type { AppContext } from '../context.js';

export interface JobRun {
  now: Date;
  log: (msg: string) => void;
}

/** A scheduled job: does its work and says how many rows (records, files) it handled. Throwing marks the run failed. */
export type JobHandler = (ctx: AppContext, run: JobRun) => Promise<{ rows?: number } | void>;
