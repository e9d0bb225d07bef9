import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context.js';
import type { Measure, PageSchema } from '../../shared/schema/types.js';
import { fieldSchema } from '../../shared/schema/model.js';

/** One measure of a report or a dashboard: count(*), or sum/avg/min/max of a field. Field names are checked by the schema loader. */
export function measureSql(m: Pick<Measure, 'op' | 'field' | 'name'>) {
  if (m.op === 'count') return sql<number>`count(*)`.as(m.name);
  return sql<number>`${sql.raw(m.op)}(${sql.ref(m.field!)})`.as(m.name);
}

/** The SQL a report or chart groups on: a date-time cut to its day or month, an array's first item, or the value. */
export function groupSql(
  ctx: AppContext,
  source: PageSchema,
  by: { groupBy: string; bucket?: 'day' | 'month' | 'first' },
): RawBuilder<unknown> {
  const col = sql.ref(by.groupBy);
  const f = fieldSchema(source, by.groupBy);
  if ((by.bucket === 'day' || by.bucket === 'month') && f?.format === 'date-time')
    return sql`substr(${col}, 1, ${sql.lit(by.bucket === 'day' ? 10 : 7)})`;
  // Arrays are stored as JSON text; the first item of a region is its province.
  if (by.bucket === 'first') return ctx.database.dialect === 'postgres' ? sql`(${col}::json ->> 0)` : sql`json_extract(${col}, '$[0]')`;
  return sql`${col}`;
}
