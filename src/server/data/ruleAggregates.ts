import type { AppContext } from '../context.js';
import type { ExpressionBuilder } from 'kysely';
import type { Db, DynamicDatabase } from '../db/connect.js';
import { boolParam, dynamicView } from '../db/connect.js';
import type { PageSchema, RuleAggregate } from '../../shared/schema/types.js';
import type { Row } from './rows.js';

const CST = 8 * 3_600_000;
const empty = (v: unknown) => v === null || v === undefined || v === '' || typeof v === 'object';
/** Keys per query when a batch's figures are read at once. */
const CHUNK = 500;

const AGG = 'agg\u0000';
const specKeys = new WeakMap<RuleAggregate, string>();
/**
 * Where a batch's figure of one record is kept: the spec and the values its query is made of (the
 * matched value, the organisation). None for a figure read per year or on an edit, which a batch
 * does not read.
 */
function cacheKey(page: PageSchema, target: PageSchema, spec: RuleAggregate, record: Row): string | null {
  if (spec.sameYear || (target.resource!.table === page.resource?.table && record.id !== undefined && record.id !== null)) return null;
  const match = Object.values(spec.match ?? {});
  if (match.length !== 1 || empty(record[match[0]])) return null;
  const scoped = target.resource!.scope === 'party';
  if (scoped && empty(record.partyCode)) return null;
  let key = specKeys.get(spec);
  if (!key) specKeys.set(spec, (key = JSON.stringify(spec)));
  return `${AGG}${key}\u0000${String(record[match[0]])}\u0000${scoped ? String(record.partyCode) : ''}`;
}

function filtered(ctx: AppContext, target: PageSchema, spec: RuleAggregate, db: Db) {
  let q = dynamicView(db).selectFrom(target.resource!.table);
  for (const [theirs, want] of Object.entries(spec.where ?? {})) {
    const values = (Array.isArray(want) ? want : [want]).map((v) => (typeof v === 'boolean' ? boolParam(ctx.database, v) : v));
    q = q.where(theirs, 'in', values as never);
  }
  return q;
}

const figureOf = (op: NonNullable<RuleAggregate['op']>, field: string | undefined) => (eb: ExpressionBuilder<DynamicDatabase, string>) =>
  op === 'count' ? eb.fn.countAll().as('v') : op === 'max' ? eb.fn.max(field!).as('v') : eb.fn.sum(field!).as('v');

/**
 * One figure over the records of another page (or of this one) that match the record being written,
 * within its organisation and leaving that record itself out: what the other remittances of a
 * settlement already took, a driver's income of the year so far. A batch's `cache` holds the figures
 * prefetchAggregates read; a figure it does not hold is read here, and not kept.
 */
export async function aggregateOf(
  ctx: AppContext,
  page: PageSchema,
  spec: RuleAggregate,
  record: Row,
  db: Db,
  cache?: Map<string, Row | null>,
): Promise<number | null> {
  const op = spec.op ?? 'sum';
  const none = op === 'max' ? null : 0;
  const target = ctx.schemas.pages.get(spec.page) as PageSchema | undefined;
  if (!target?.resource) return none;
  const key = cache && cacheKey(page, target, spec, record);
  if (key && cache!.has(key)) return cache!.get(key)!.v as number | null;
  let q = filtered(ctx, target, spec, db);
  for (const [theirs, ours] of Object.entries(spec.match ?? {})) {
    if (empty(record[ours])) return none;
    q = q.where(theirs, '=', record[ours] as never);
  }
  if (target.resource.scope === 'party') {
    if (empty(record.partyCode)) return none;
    q = q.where('partyCode', '=', String(record.partyCode));
  }
  if (spec.sameYear) {
    const at = Date.parse(String(record[spec.sameYear.ours] ?? '').replace(' ', 'T'));
    if (Number.isNaN(at)) return none;
    const year = new Date(at + CST).getUTCFullYear();
    const from = new Date(Date.UTC(year, 0, 1) - CST).toISOString();
    const to = new Date(Date.UTC(year + 1, 0, 1) - CST).toISOString();
    q = q.where(spec.sameYear.theirs, '>=', from as never).where(spec.sameYear.theirs, '<', to as never);
  }
  // The record being written is left out: on an edit its old figure must not count against its new one.
  if (target.resource.table === page.resource?.table && record.id !== undefined && record.id !== null)
    q = q.where('id', '!=', Number(record.id) as never);
  const row = await q.select(figureOf(op, spec.field)).executeTakeFirst();
  const v = (row as Row | undefined)?.v;
  return v === null || v === undefined ? none : Number(v);
}

/**
 * Reads the figures of the page's aggregate rules for a batch of records into `cache`, one grouped
 * query per figure and chunk instead of one per record: a dry run of 2,800 remittances, each naming
 * its own settlement, read 2,800 sums. Only figures matched on one field are read this way; the
 * others stay per record. A caller that writes the figure's table while the batch is checked (an
 * import of records its own rules count, which locks each group before reading it) must not prefetch.
 */
export async function prefetchAggregates(
  ctx: AppContext,
  page: PageSchema,
  records: Row[],
  db: Db,
  cache: Map<string, Row | null>,
  applies: (rule: NonNullable<PageSchema['rules']>[number], record: Row) => boolean,
) {
  for (const rule of page.rules ?? []) {
    for (const spec of Object.values(rule.aggregate ?? {})) {
      const target = ctx.schemas.pages.get(spec.page) as PageSchema | undefined;
      const match = Object.entries(spec.match ?? {});
      if (!target?.resource || match.length !== 1) continue;
      const [[theirs, ours]] = match;
      const wanted = new Map<string, Row>();
      for (const record of records) {
        const key = applies(rule, record) ? cacheKey(page, target, spec, record) : null;
        if (key && !cache.has(key)) wanted.set(key, record);
      }
      const scoped = target.resource.scope === 'party';
      const op = spec.op ?? 'sum';
      const none = op === 'max' ? null : 0;
      const keys = [...wanted.keys()];
      for (let i = 0; i < keys.length; i += CHUNK) {
        const chunk = keys.slice(i, i + CHUNK).map((k) => [k, wanted.get(k)!] as const);
        let q = filtered(ctx, target, spec, db).where(theirs, 'in', [...new Set(chunk.map(([, r]) => r[ours]))] as never[]);
        if (scoped) q = q.where('partyCode', 'in', [...new Set(chunk.map(([, r]) => String(r.partyCode)))] as never[]);
        const groups = (await q
          .select([theirs, ...(scoped ? ['partyCode'] : [])])
          .select(figureOf(op, spec.field))
          .groupBy([theirs, ...(scoped ? ['partyCode'] : [])])
          .execute()) as Row[];
        const found = new Map(groups.map((g) => [`${String(g[theirs])}\u0000${scoped ? String(g.partyCode) : ''}`, g.v]));
        for (const [key, record] of chunk) {
          const v = found.get(`${String(record[ours])}\u0000${scoped ? String(record.partyCode) : ''}`);
          cache.set(key, { v: v === null || v === undefined ? none : Number(v) });
        }
      }
    }
  }
}

/** Drops the figures prefetchAggregates kept in `cache`, leaving the records it holds besides. */
export function forgetAggregates(cache: Map<string, Row | null>) {
  for (const key of cache.keys()) if (key.startsWith(AGG)) cache.delete(key);
}
