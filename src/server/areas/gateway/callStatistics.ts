import type { AppContext } from '../../context.js';
import { PLATFORM_PARTY } from '../../db/seed.js';
import { transact } from '../../db/transact.js';
import { parseJsonArray } from '../../db/json.js';
import type { JobHandler } from '../../jobs/types.js';
import { knownTable } from '../../db/knownTable.js';

const STAT_PAGE = 'customerManage/statistics';
const SETTING_PAGE = 'customerManage/statisticsSetting';
const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3_600_000;
const METRICS = ['calls', 'success', 'failure', 'refused', 'fee'] as const;

export interface StatSetting {
  services: string[];
  metrics: string[];
  retentionDays: number;
  aggregationHour: number;
  backfillDays: number;
  active: boolean;
}

const DEFAULTS: StatSetting = {
  services: [],
  metrics: [...METRICS],
  retentionDays: 400,
  aggregationHour: 1,
  backfillDays: 3,
  active: true,
};

/** A China calendar day (YYYY-MM-DD) and its hour: statistics follow the customers' working day, not UTC. */
export const chinaDay = (at: Date | number) => new Date(Number(at) + CHINA_MS).toISOString().slice(0, 10);
const chinaHour = (at: Date) => new Date(at.getTime() + CHINA_MS).getUTCHours();

const whole = (v: unknown, fallback: number) => (Number.isInteger(Number(v)) && v !== null && v !== '' ? Number(v) : fallback);

/** The platform operations centre's record of customerManage/statisticsSetting, or the defaults. */
export async function statSetting(ctx: AppContext): Promise<StatSetting> {
  const table = knownTable(ctx.schemas.pages, SETTING_PAGE, 'cm_stat_setting');
  const row = table
    ? await ctx.database.db.selectFrom(table).selectAll().where('partyCode', '=', PLATFORM_PARTY.code).executeTakeFirst()
    : undefined;
  if (!row) return DEFAULTS;
  const metrics = parseJsonArray(row.metrics).filter((m) => (METRICS as readonly string[]).includes(m));
  return {
    services: parseJsonArray(row.services),
    metrics: metrics.length ? metrics : DEFAULTS.metrics,
    retentionDays: whole(row.retentionDays, DEFAULTS.retentionDays),
    aggregationHour: whole(row.aggregationHour, DEFAULTS.aggregationHour),
    backfillDays: whole(row.backfillDays, DEFAULTS.backfillDays),
    active: row.status !== 'disabled',
  };
}

/**
 * Recomputes one China day from the service log (cust_service_log) and replaces that day's rows in
 * one transaction, so a rerun or a late log row never double counts. Metrics the setting leaves
 * out are stored empty. Returns the number of rows written.
 */
export async function aggregateDay(ctx: AppContext, table: 'cm_call_stat', day: string, s: StatSetting, now: Date): Promise<number> {
  const from = new Date(Date.parse(`${day}T00:00:00.000Z`) - CHINA_MS).toISOString();
  const to = new Date(Date.parse(from) + DAY_MS).toISOString();
  let q = ctx.database.db
    .selectFrom('cust_service_log')
    .select(['partyCode', 'service', 'result', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('feeFen').as('fee')])
    .where('calledAt', '>=', from)
    .where('calledAt', '<', to);
  if (s.services.length) q = q.where('service', 'in', s.services);
  const groups = await q.groupBy(['partyCode', 'service', 'result']).execute();
  const byKey = new Map<
    string,
    { partyCode: string; service: string; calls: number; success: number; failure: number; refused: number; fee: number }
  >();
  for (const g of groups) {
    const key = `${g.partyCode}\u0000${g.service}`;
    const agg = byKey.get(key) ?? {
      partyCode: String(g.partyCode),
      service: String(g.service),
      calls: 0,
      success: 0,
      failure: 0,
      refused: 0,
      fee: 0,
    };
    const n = Number(g.n);
    agg.calls += n;
    if (g.result === 'success') agg.success += n;
    else if (g.result === 'refused') agg.refused += n;
    else agg.failure += n;
    agg.fee += Number(g.fee ?? 0);
    byKey.set(key, agg);
  }
  const iso = now.toISOString();
  const keep = (m: string, v: number) => (s.metrics.includes(m) ? v : null);
  const rows = [...byKey.values()].map((a) => ({
    partyCode: a.partyCode,
    statDay: day,
    service: a.service,
    calls: keep('calls', a.calls),
    successCount: keep('success', a.success),
    failureCount: keep('failure', a.failure),
    refusedCount: keep('refused', a.refused),
    feeFen: keep('fee', a.fee),
    aggregatedAt: iso,
    version: 1,
    createdAt: iso,
    updatedAt: iso,
    createdBy: 'job',
    updatedBy: 'job',
  }));
  await transact(ctx.database.db, async (trx) => {
    await trx.deleteFrom(table).where('statDay', '=', day).execute();
    if (rows.length) await trx.insertInto(table).values(rows).execute();
  });
  return rows.length;
}

/**
 * Hourly: today's figures are refreshed on every run; at the setting's aggregation hour (China
 * time), and on a first run with no statistics yet, the last `backfillDays` days are recomputed
 * and days older than the retention are deleted.
 */
export const callStatistics: JobHandler = async (ctx, { now, log }) => {
  const table = knownTable(ctx.schemas.pages, STAT_PAGE, 'cm_call_stat');
  if (!table) return { rows: 0 };
  const s = await statSetting(ctx);
  if (!s.active) {
    log('statistics setting is disabled: nothing aggregated');
    return { rows: 0 };
  }
  const any = await ctx.database.db.selectFrom(table).select('id').limit(1).executeTakeFirst();
  const full = !any || chinaHour(now) === s.aggregationHour;
  const days = Array.from({ length: full ? Math.max(1, s.backfillDays) : 1 }, (_, i) => chinaDay(now.getTime() - i * DAY_MS));
  let rows = 0;
  for (const day of days) rows += await aggregateDay(ctx, table, day, s, now);
  if (full) {
    const oldest = chinaDay(now.getTime() - s.retentionDays * DAY_MS);
    const purged = await ctx.database.db.deleteFrom(table).where('statDay', '<', oldest).executeTakeFirst();
    log(
      `${days.length} days aggregated (${days[days.length - 1]} to ${days[0]}), ${Number(purged.numDeletedRows ?? 0)} rows before ${oldest} deleted`,
    );
  } else {
    log(`today (${days[0]}) refreshed`);
  }
  return { rows };
};
