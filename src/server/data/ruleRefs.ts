import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import type { PageSchema, RuleAggregate } from '../../shared/schema/types.js';
import { chinaToday, holds, type RuleContext } from '../../shared/schema/rules.js';
import { expressionNames } from '../../shared/schema/expression.js';
import { dependentRefs } from '../../shared/schema/refDepends.js';
import { selectColumns, toRecord, type Row } from './rows.js';
import { dynamicView } from '../db/connect.js';
import { aggregateOf } from './ruleAggregates.js';

/**
 * The referenced records the page's rules read (`rules[].with`), loaded once per write. They are read
 * without the caller's scope: whether the caller may point at them is the reference check's
 * business, and a rule comparing organisations must see the other organisation's record to refuse it.
 * An import passes its transaction and a cache, so a file naming one vehicle a thousand times reads it once.
 */
export async function ruleContext(
  ctx: AppContext,
  page: PageSchema,
  record: Row,
  db: Db = ctx.database.db,
  cache?: Map<string, Row | null>,
): Promise<RuleContext | undefined> {
  const wanted = new Map<string, string>();
  const figures = new Map<string, RuleAggregate>();
  for (const rule of page.rules ?? []) {
    if (cannotApply(rule, record)) continue;
    for (const [alias, field] of Object.entries(rule.with ?? {})) wanted.set(alias, field);
    for (const [alias, spec] of Object.entries(rule.aggregate ?? {})) figures.set(alias, spec);
  }
  const depends = await dependedRecords(ctx, page, record, db, cache);
  if (!wanted.size && !figures.size) return depends ? { refs: {}, today: chinaToday(), depends } : undefined;
  const aggregates: Record<string, number | null> = {};
  for (const [alias, spec] of figures) aggregates[alias] = await aggregateOf(ctx, page, spec, record, db, cache);
  const refs: Record<string, Row | null> = {};
  for (const [alias, field] of wanted) {
    const ref = refOf(ctx, page, field, record[field]);
    if (!ref) {
      refs[alias] = null;
      continue;
    }
    if (cache?.has(ref.cacheKey)) {
      refs[alias] = cache.get(ref.cacheKey)!;
      continue;
    }
    const row = await dynamicView(db)
      .selectFrom(ref.target.resource!.table)
      .select(ruleColumns(ref.target, ref.key))
      .where(ref.key, '=', ref.value as never)
      .executeTakeFirst();
    refs[alias] = row ? asRuleRecord(ref.target, row as Row) : null;
    cache?.set(ref.cacheKey, refs[alias]);
  }
  return { refs, aggregates, today: chinaToday(), ...(depends ? { depends } : {}) };
}

/** The record a rule's `with` field names: which page and by which key; null when it names none. */
function refOf(ctx: AppContext, page: PageSchema, field: string, value: unknown) {
  const target = ctx.schemas.pages.get(page.model!.properties[field]?.['x-ref'] ?? '') as PageSchema | undefined;
  if (!target?.resource || value === null || value === undefined || value === '' || typeof value === 'object') return null;
  const key = target.resource.key ?? 'id';
  if (key === 'id' && !Number.isSafeInteger(Number(value))) return null;
  return { target, key, value: key === 'id' ? Number(value) : value, cacheKey: `${target.id}\u0000${String(value)}` };
}

/** What a rule may read of a referenced record: its listed fields and, for an organisation's record, its organisation. */
function ruleColumns(target: PageSchema, key: string): string[] {
  return [...new Set([key, ...selectColumns(target), ...(target.resource!.scope === 'party' ? ['partyCode'] : [])])];
}

function asRuleRecord(target: PageSchema, row: Row): Row {
  return { ...toRecord(target, row), ...(target.resource!.scope === 'party' ? { partyCode: row.partyCode } : {}) };
}

/** Keys per query when a batch's records are read at once. */
const PREFETCH_CHUNK = 500;

/**
 * Reads the records the rules of `page` name (`rules[].with`) for a batch of rows into `cache`, one
 * query per referenced page and chunk instead of one per row: an import of payments, each naming its
 * own settlement, made a round trip per row, which on PostgreSQL doubled the time of a dry run.
 * Keys that name nothing are cached as null, so ruleContext reads nothing more for the batch.
 */
export async function prefetchRuleRefs(ctx: AppContext, page: PageSchema, records: Row[], db: Db, cache: Map<string, Row | null>) {
  await prefetchDepended(ctx, page, records, db, cache);
  const fields = new Set((page.rules ?? []).flatMap((r) => Object.values(r.with ?? {})));
  for (const field of fields) {
    const wanted = new Map<string, NonNullable<ReturnType<typeof refOf>>>();
    for (const record of records) {
      const ref = refOf(ctx, page, field, record[field]);
      if (ref && !cache.has(ref.cacheKey)) wanted.set(ref.cacheKey, ref);
    }
    const refs = [...wanted.values()];
    for (let i = 0; i < refs.length; i += PREFETCH_CHUNK) {
      const chunk = refs.slice(i, i + PREFETCH_CHUNK);
      const { target, key } = chunk[0];
      const rows = (await dynamicView(db)
        .selectFrom(target.resource!.table)
        .select(ruleColumns(target, key))
        .where(key, 'in', chunk.map((r) => r.value) as never[])
        .execute()) as Row[];
      const found = new Map(rows.map((row) => [String(row[key]), row]));
      for (const ref of chunk) {
        const row = found.get(String(ref.value));
        cache.set(ref.cacheKey, row ? asRuleRecord(target, row) : null);
      }
    }
  }
}

type Rule = NonNullable<PageSchema['rules']>[number];
const ownFieldsOnly = new WeakMap<Rule, boolean>();

/**
 * Whether a rule's `when` reads only the record's own fields and does not hold for it: the rule is
 * then skipped (ruleViolations), so its records and figures need not be read. An import of pending
 * settlements read two figures per row for the income cap, which only applies once one is confirmed.
 */
export function cannotApply(rule: Rule, record: Row): boolean {
  if (!rule.when || (!rule.with && !rule.aggregate)) return false;
  let own = ownFieldsOnly.get(rule);
  if (own === undefined) {
    const aliases = new Set([...Object.keys(rule.with ?? {}), ...Object.keys(rule.aggregate ?? {})]);
    own = expressionNames(rule.when).every((name) => !aliases.has(name) && !name.startsWith('$'));
    ownFieldsOnly.set(rule, own);
  }
  return own && !holds(rule.when, record);
}

/**
 * The records each dependent reference (x-ref-depends) names, with the fields its parents are
 * compared with; read without the caller's scope, as the rules' records are.
 */
async function dependedRecords(
  ctx: AppContext,
  page: PageSchema,
  record: Row,
  db: Db,
  cache?: Map<string, Row | null>,
): Promise<Record<string, Row[]> | undefined> {
  const fields = dependentRefs(page);
  if (!fields.length) return undefined;
  const out: Record<string, Row[]> = {};
  for (const [name, f, depends] of fields) {
    const d = dependedOf(ctx, f, depends, record[name]);
    if (!d) continue;
    const rows: Row[] = [];
    const missing: string[] = [];
    for (const k of d.keys) {
      const hit = cache?.get(dependedKey(d.target, k));
      if (hit) rows.push(hit);
      else if (hit === undefined) missing.push(k);
    }
    if (missing.length) rows.push(...(await loadDepended(db, d, missing, cache)));
    out[name] = rows;
  }
  return out;
}

type Depends = ReturnType<typeof dependentRefs>[number][2];

/** The page a dependent reference names, its key, the fields its parents are compared with, and the keys a value names. */
function dependedOf(ctx: AppContext, f: { 'x-ref'?: string }, depends: Depends, v: unknown) {
  const target = ctx.schemas.pages.get(f['x-ref']!) as PageSchema | undefined;
  if (!target?.resource || v === null || v === undefined || v === '') return null;
  const key = target.resource.key ?? 'id';
  const values = (Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'string' || typeof x === 'number').map(String);
  const keys = key === 'id' ? values.filter((x) => Number.isSafeInteger(Number(x)) && Number(x) > 0) : values;
  return { target, key, keys, columns: [...new Set([key, ...Object.keys(depends)])] };
}

const dependedKey = (target: PageSchema, k: string) => `${target.id}\u0000dep\u0000${k}`;

/** Reads the depended records of `keys` into the cache; keys that name nothing are cached as null. */
async function loadDepended(
  db: Db,
  d: NonNullable<ReturnType<typeof dependedOf>>,
  keys: string[],
  cache?: Map<string, Row | null>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < keys.length; i += PREFETCH_CHUNK) {
    const chunk = keys.slice(i, i + PREFETCH_CHUNK);
    const found = await dynamicView(db)
      .selectFrom(d.target.resource!.table)
      .select(d.columns)
      .where(d.key, 'in', (d.key === 'id' ? chunk.map(Number) : chunk) as never[])
      .execute();
    for (const r of found as Row[]) {
      const row = { ...r, $key: r[d.key] };
      rows.push(row);
      cache?.set(dependedKey(d.target, String(r[d.key])), row);
    }
    if (cache) for (const k of chunk) if (!cache.has(dependedKey(d.target, k))) cache.set(dependedKey(d.target, k), null);
  }
  return rows;
}

/** The depended records of a batch's rows, one query per reference and chunk (see prefetchRuleRefs). */
async function prefetchDepended(ctx: AppContext, page: PageSchema, records: Row[], db: Db, cache: Map<string, Row | null>) {
  for (const [name, f, depends] of dependentRefs(page)) {
    const wanted = new Map<string, NonNullable<ReturnType<typeof dependedOf>>>();
    for (const record of records) {
      const d = dependedOf(ctx, f, depends, record[name]);
      if (d) for (const k of d.keys) if (!cache.has(dependedKey(d.target, k))) wanted.set(k, d);
    }
    const first = wanted.values().next().value;
    if (first) await loadDepended(db, first, [...wanted.keys()], cache);
  }
}
