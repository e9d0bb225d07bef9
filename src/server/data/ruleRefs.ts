import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { chinaToday, type RuleContext } from '../../shared/schema/rules.js';
import { selectColumns, toRecord, type Row } from './rows.js';

/**
 * The referenced records the page's rules read (`rules[].with`), loaded once per write. They are read
 * without the caller's scope: whether the caller may point at them is the reference check's
 * business, and a rule comparing organisations must see the other organisation's record to refuse it.
 * An import passes its transaction and a cache, so a file naming one vehicle a thousand times reads it once.
 */
export async function ruleContext(ctx: AppContext, page: PageSchema, record: Row, db: Db = ctx.database.db, cache?: Map<string, Row | null>): Promise<RuleContext | undefined> {
  const wanted = new Map<string, string>();
  for (const rule of page.rules ?? []) for (const [alias, field] of Object.entries(rule.with ?? {})) wanted.set(alias, field);
  if (!wanted.size) return undefined;
  const refs: Record<string, Row | null> = {};
  for (const [alias, field] of wanted) {
    const value = record[field];
    const target = ctx.schemas.pages.get(page.model!.properties[field]['x-ref']!) as PageSchema | undefined;
    if (!target?.resource || value === null || value === undefined || value === '' || typeof value === 'object') {
      refs[alias] = null;
      continue;
    }
    const key = target.resource.key ?? 'id';
    if (key === 'id' && !Number.isSafeInteger(Number(value))) {
      refs[alias] = null;
      continue;
    }
    const cacheKey = `${target.id}\u0000${String(value)}`;
    if (cache?.has(cacheKey)) {
      refs[alias] = cache.get(cacheKey)!;
      continue;
    }
    const columns = [...new Set([...selectColumns(target), ...(target.resource.scope === 'party' ? ['partyCode'] : [])])];
    const row = await db.selectFrom(target.resource.table).select(columns)
      .where(key, '=', (key === 'id' ? Number(value) : value) as never).executeTakeFirst();
    refs[alias] = row ? { ...toRecord(target, row as Row), ...(target.resource.scope === 'party' ? { partyCode: (row as Row).partyCode } : {}) } : null;
    cache?.set(cacheKey, refs[alias]);
  }
  return { refs, today: chinaToday() };
}
