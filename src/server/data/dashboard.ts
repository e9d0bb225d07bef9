import type { AppContext } from '../context.js';
import type { DashboardChart, DashboardFigure, PageSchema } from '../../shared/schema/types.js';
import { fieldSchema } from '../../shared/schema/model.js';
import { fieldConditions, type Condition } from './filters.js';
import { applyWhere } from './list.js';
import { groupSql, measureSql } from './aggregate.js';
import { scopedParty, type PageAccess } from './access.js';
import { dynamicView } from '../db/connect.js';

const DAY = 86_400_000;
/** Groups a chart draws at most (provinces are 34, days of a year 366). */
const MAX_GROUPS = 400;

/**
 * The time `days` counts back on: the date-time a chart draws by day or month (a payment's own
 * time, not when its row was written), otherwise when the row was created.
 */
function daysField(source: PageSchema, chart: Pick<DashboardChart, 'groupBy' | 'bucket'>): string {
  const f = fieldSchema(source, chart.groupBy);
  return (chart.bucket === 'day' || chart.bucket === 'month') && f?.format === 'date-time' ? chart.groupBy : 'createdAt';
}

/** The source's own scope: a customer sees the figures of its organisation's rows only. */
function scopeOf(access: PageAccess, source: PageSchema): Condition[] {
  const party = scopedParty({ ...access, page: source });
  return party ? [(eb) => eb('partyCode', '=', party)] : [];
}

async function figureValue(ctx: AppContext, source: PageSchema, scope: Condition[], fig: DashboardFigure): Promise<number | null> {
  const where = fig.where
    ? fieldConditions(ctx.database, source, Object.fromEntries(Object.entries(fig.where).map(([k, v]) => [k, String(v)])))
    : [];
  const row = await applyWhere(
    dynamicView(ctx.database.db)
      .selectFrom(source.resource!.table)
      .select(measureSql({ ...fig, name: 'v' })),
    [...scope, ...where],
  ).executeTakeFirst();
  const v = (row as { v?: unknown } | undefined)?.v;
  return v === null || v === undefined ? (fig.op === 'count' ? 0 : null) : Number(v);
}

async function chartGroups(ctx: AppContext, source: PageSchema, scope: Condition[], chart: DashboardChart, now: number) {
  const group = groupSql(ctx, source, chart);
  const conditions = [...scope];
  if (chart.days) {
    const from = new Date(Math.floor(now / DAY) * DAY - (chart.days - 1) * DAY).toISOString();
    conditions.push((eb) => eb(daysField(source, chart), '>=', from));
  }
  const rows = await applyWhere(
    dynamicView(ctx.database.db)
      .selectFrom(source.resource!.table)
      .select([group.as('groupKey'), ...chart.measures.map(measureSql)]),
    conditions,
  )
    .groupBy(group)
    .orderBy(group)
    .limit(MAX_GROUPS)
    .execute();
  return rows.map((r) => ({
    key: (r as { groupKey: unknown }).groupKey ?? null,
    ...Object.fromEntries(
      chart.measures.map((m) => [
        m.name,
        (r as Record<string, unknown>)[m.name] === null ? null : Number((r as Record<string, unknown>)[m.name]),
      ]),
    ),
  }));
}

/**
 * The declared figures and charts of a dashboard page, computed by the database over the source
 * page's table within the caller's organisation scope (the same scope as that page's list).
 */
export async function runDashboard(ctx: AppContext, access: PageAccess, source: PageSchema, now = Date.now()) {
  const spec = access.page.dashboard!;
  const scope = scopeOf(access, source);
  const [figures, charts] = await Promise.all([
    Promise.all((spec.figures ?? []).map(async (f) => [f.name, await figureValue(ctx, source, scope, f)] as const)),
    Promise.all(spec.charts.map(async (c) => [c.name, await chartGroups(ctx, source, scope, c, now)] as const)),
  ]);
  return { figures: Object.fromEntries(figures), charts: Object.fromEntries(charts) };
}
