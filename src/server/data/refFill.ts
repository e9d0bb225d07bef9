import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { fillingRefs, fillReads, fillValues } from '../../shared/schema/refFill.js';
import { toRecord, type Row } from './rows.js';
import { dynamicView } from '../db/connect.js';

/**
 * A create that leaves out a field some chosen record fills (x-ref-fill) gets it from that record,
 * not from the field's static default: a waybill of an enterprise carrier is not "withheld" by default.
 * The record is read as the rules read theirs; whether the caller may name it is the reference check's business.
 */
export async function fillFromReferences(
  ctx: AppContext,
  page: PageSchema,
  values: Row,
  db: Db = ctx.database.db,
  cache?: Map<string, Row | null>,
): Promise<void> {
  for (const [name, targetId, fills] of fillingRefs(page)) {
    const v = values[name];
    const missing = Object.keys(fills).filter((f) => values[f] === undefined);
    const target = ctx.schemas.pages.get(targetId) as PageSchema | undefined;
    if (!missing.length || v === null || v === undefined || v === '' || typeof v === 'object' || !target?.resource) continue;
    const key = target.resource.key ?? 'id';
    if (key === 'id' && !Number.isSafeInteger(Number(v))) continue;
    const cacheKey = `${target.id}\u0000fill\u0000${String(v)}`;
    let chosen = cache?.get(cacheKey);
    if (chosen === undefined) {
      const row = await dynamicView(db)
        .selectFrom(target.resource.table)
        .select([...new Set([key, ...fillReads(fills)])])
        .where(key, '=', (key === 'id' ? Number(v) : v) as never)
        .executeTakeFirst();
      chosen = row ? toRecord(target, row as Row) : null;
      cache?.set(cacheKey, chosen);
    }
    if (!chosen) continue;
    const filled = fillValues(Object.fromEntries(missing.map((f) => [f, fills[f]])), chosen);
    Object.assign(values, filled);
  }
}
