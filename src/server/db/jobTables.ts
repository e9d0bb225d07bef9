import type { ColumnSpec, TableSpec } from '../../shared/schema/tableSpec.js';
import { SYSTEM_COLUMNS } from '../../shared/schema/tableSpec.js';

const text = (name: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'text', ...extra });
const int = (name: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type: 'integer', ...extra });
const at = (name: string): ColumnSpec => ({ name, type: 'datetime' });

/**
 * Schedules and their runs. The lease columns (leaseOwner, leaseUntil) make one server of several
 * sharing a database the runner of a due job: it is taken with a conditional UPDATE.
 */
export const JOB_TABLES: TableSpec[] = [
  {
    name: 'sys_job_schedule',
    owner: 'core table sys_job_schedule',
    columns: [
      text('name', { notNull: true, unique: true }),
      text('job', { notNull: true }),
      int('intervalMinutes'),
      text('dailyAt'),
      int('retryMinutes', { notNull: true, defaultValue: 5 }),
      int('maxRetries', { notNull: true, defaultValue: 3 }),
      int('failures', { notNull: true, defaultValue: 0 }),
      text('status', { notNull: true, defaultValue: 'active' }),
      at('nextRunAt'),
      at('lastRunAt'),
      text('lastStatus'),
      text('lastError'),
      text('leaseOwner'),
      at('leaseUntil'),
      text('remark'),
      ...SYSTEM_COLUMNS,
    ],
    indexes: [{ columns: ['nextRunAt'] }],
  },
  {
    name: 'sys_job_run',
    owner: 'core table sys_job_run',
    columns: [
      text('scheduleName', { notNull: true }),
      text('job', { notNull: true }),
      at('startedAt'),
      at('endedAt'),
      text('status', { notNull: true }),
      int('rows'),
      text('error'),
      text('instance'),
      text('trigger'),
      ...SYSTEM_COLUMNS,
    ],
    indexes: [{ columns: ['startedAt'] }, { columns: ['scheduleName', 'startedAt'] }],
  },
];
