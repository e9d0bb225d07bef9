import type { AppContext } from '../context.js';
import { conflict } from '../errors.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { childRelations } from '../../shared/schema/relations.js';
import { lockConditions } from './locks.js';
import type { Condition } from './filters.js';
import { applyWhere } from './list.js';
import { selectColumns, toRecord, type Row } from './rows.js';
import { dynamicView } from '../db/connect.js';

export interface PlannedDelete {
  page: PageSchema;
  rows: Row[];
}

const MAX_DEPTH = 4;

/**
 * What deleting these records of a page takes with it, deepest first: children of a `cascade`
 * relation (and theirs). A `refuse` relation with children stops the delete with 409 naming how
 * many records of which page remain. Children are counted across all organisations: a record
 * another organisation still points to cannot disappear under it.
 */
export async function planChildDeletes(ctx: AppContext, page: PageSchema, rows: Row[], depth = 0): Promise<PlannedDelete[]> {
  const out: PlannedDelete[] = [];
  const key = page.resource!.key ?? 'id';
  const keys = rows.map((r) => r[key]).filter((v) => v !== null && v !== undefined);
  if (!keys.length) return out;
  for (const rel of childRelations(page)) {
    const child = ctx.schemas.pages.get(rel.page)!;
    const byParent: Condition = (eb) => eb(rel.field, 'in', keys);
    const conditions = [...lockConditions(ctx.database, child, child.fixedFilter ?? {}), byParent];
    const db = ctx.database.db;
    if (rel.onDelete !== 'cascade') {
      const row = await applyWhere(
        dynamicView(db)
          .selectFrom(child.resource!.table)
          .select((eb) => eb.fn.countAll().as('n')),
        conditions,
      ).executeTakeFirst();
      const n = Number(row?.n ?? 0);
      if (n > 0) throw conflict('server.data.hasChildren', { count: n, page: rel.title ?? child.title });
      continue;
    }
    const children = (
      await applyWhere(dynamicView(db).selectFrom(child.resource!.table).select(selectColumns(child)), conditions).execute()
    ).map((r) => toRecord(child, r as Row));
    if (!children.length) continue;
    if (depth < MAX_DEPTH) out.push(...(await planChildDeletes(ctx, child, children, depth + 1)));
    out.push({ page: child, rows: children });
  }
  return out;
}
