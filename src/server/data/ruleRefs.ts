import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { chinaToday, type RuleContext } from '../../shared/schema/rules.js';
import { dependentRefs } from '../../shared/schema/refDepends.js';
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
  const depends = await dependedRecords(ctx, page, record, db, cache);
  if (!wanted.size) return depends ? { refs: {}, today: chinaToday(), depends } : undefined;
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
  return { refs, today: chinaToday(), ...(depends ? { depends } : {}) };
}

/**
 * The records each dependent reference (x-ref-depends) names, with the fields its parents are
 * compared with; read without the caller's scope, as the rules' records are.
 */
async function dependedRecords(ctx: AppContext, page: PageSchema, record: Row, db: Db, cache?: Map<string, Row | null>): Promise<Record<string, Row[]> | undefined> {
  const fields = dependentRefs(page);
  if (!fields.length) return undefined;
  const out: Record<string, Row[]> = {};
  for (const [name, f, depends] of fields) {
    const target = ctx.schemas.pages.get(f['x-ref']!) as PageSchema | undefined;
    const v = record[name];
    if (!target?.resource || v === null || v === undefined || v === '') continue;
    const key = target.resource.key ?? 'id';
    const values = (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'string' || typeof x === 'number').map(String);
    const keys = key === 'id' ? values.filter((x) => Number.isSafeInteger(Number(x)) && Number(x) > 0) : values;
    const columns = [...new Set([key, ...Object.keys(depends)])];
    const rows: Row[] = [];
    const missing: string[] = [];
    for (const k of keys) {
      const hit = cache?.get(`${target.id}\u0000dep\u0000${k}`);
      if (hit) rows.push(hit);
      else if (hit === undefined) missing.push(k);
    }
    if (missing.length) {
      const found = await db.selectFrom(target.resource.table).select(columns)
        .where(key, 'in', (key === 'id' ? missing.map(Number) : missing) as never[]).execute();
      for (const r of found as Row[]) {
        const row = { ...r, $key: r[key] };
        rows.push(row);
        cache?.set(`${target.id}\u0000dep\u0000${String(r[key])}`, row);
      }
    }
    out[name] = rows;
  }
  return out;
}
