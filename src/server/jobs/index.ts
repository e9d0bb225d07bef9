import type { JobHandler } from './types.js';
import { tableBackup } from './tableBackup.js';
import { sessionCleanup } from './sessionCleanup.js';
import { accountReconciliation } from './accountReconciliation.js';

export type { JobHandler, JobRun } from './types.js';

/** The job registry: a schedule's `job` names one of these (the areas add theirs, areas/index.ts). */
const jobs = new Map<string, JobHandler>(
  Object.entries({
    tableBackup,
    sessionCleanup,
    accountReconciliation,
  }),
);

export function jobHandler(name: string): JobHandler | undefined {
  return jobs.get(name);
}

export function registerJob(name: string, handler: JobHandler): void {
  jobs.set(name, handler);
}

/** Schedules every database starts with (edited in the console afterwards). */
export const DEFAULT_SCHEDULES = [
  {
    name: 'tableBackup',
    job: 'tableBackup',
    intervalMinutes: 15,
    dailyAt: null,
    remark: 'Backs up the tables of the table-backup configuration when each is due',
  },
  {
    name: 'sessionCleanup',
    job: 'sessionCleanup',
    intervalMinutes: null,
    dailyAt: '03:10',
    remark: 'Deletes sessions and SMS codes expired for a week',
  },
  {
    name: 'accountReconciliation',
    job: 'accountReconciliation',
    intervalMinutes: null,
    dailyAt: '02:30',
    remark: 'Checks every service account against its recharges, refunds and consumption',
  },
  {
    name: 'payReconciliation',
    job: 'payReconciliation',
    intervalMinutes: null,
    dailyAt: '01:30',
    remark: "Reconciles yesterday's bank receipts of every cloud-pay account against the payment log",
  },
  {
    name: 'paymentStatusSync',
    job: 'paymentStatusSync',
    intervalMinutes: 10,
    dailyAt: null,
    remark: 'Asks the bank for the result of every cloud-pay payment still processing',
  },
  {
    name: 'callStatistics',
    job: 'callStatistics',
    intervalMinutes: 60,
    dailyAt: null,
    remark: 'Aggregates the service logs into per-customer daily call statistics (customerManage/statisticsSetting)',
  },
  {
    name: 'taxAggregation',
    job: 'taxAggregation',
    intervalMinutes: 60,
    dailyAt: null,
    remark: 'Tax orders for new settlements, declarations of ended months and personal aggregates',
  },
  {
    name: 'alctPushPending',
    job: 'alctPushPending',
    intervalMinutes: 10,
    dailyAt: null,
    remark: 'Pushes the waiting waybills of ALCT configurations set to scheduled pushing',
  },
  {
    name: 'ministryUpload',
    job: 'ministryUpload',
    intervalMinutes: 30,
    dailyAt: null,
    remark: 'Uploads signed waybills and paid settlements to the monitoring system, resending rejected ones once fixed',
  },
  {
    name: 'trackAlerts',
    job: 'trackAlerts',
    intervalMinutes: 10,
    dailyAt: null,
    remark: 'Derives track alerts (signal lost, long stop) of the supervision page from the positions of location orders',
  },
];
