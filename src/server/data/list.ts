import { expressionBuilder, sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { readCache } from '../db/readCache.js';
import { badRequest } from '../errors.js';
import type { PageAccess } from './access.js';
import { scopeByCondition, scopedParty } from './access.js';
import { fieldConditions, searchCondition, type Condition } from './filters.js';
import { assertWithinLocks, lockConditions } from './locks.js';
import { selectColumns, toRecord, type Row } from './rows.js';
import { maskedFields, mayUnmask } from './masking.js';
import { isSortable, parseSort, recordFields } from '../../shared/schema/model.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { MAX_PAGE_SIZE } from '../../shared/schema/paging.js';
import { dynamicView } from '../db/connect.js';

export { MAX_PAGE_SIZE };

/** Past this many matches the total is reported as "more than", so a count never scans a huge table. */
export const TOTAL_CAP = 10_000;

export interface ListQuery {
  page: number;
  size: number;
  sort: { field: string; desc: boolean };
  conditions: Condition[];
}

/** Scope, filters, free-text search and the to-do filter of a list, export or report request. */
export function whereFor(ctx: AppContext, access: PageAccess, query: Record<string, unknown>): Condition[] {
  const page = access.page;
  // A locked field is matched exactly; asking for another value of it is refused (403).
  assertWithinLocks(page, access.locks, query);
  const unlocked = Object.fromEntries(Object.entries(query).filter(([k]) => !(k in (access.locks ?? {}))));
  const conditions = [...fieldConditions(ctx.database, page, unlocked), ...lockConditions(ctx.database, page, access.locks ?? {})];
  const party = scopedParty(access);
  if (party) conditions.push((eb) => eb('partyCode', '=', party));
  const named = scopeByCondition(ctx, access);
  if (named) conditions.push(named);
  const hidden = new Set(
    maskedFields(page)
      .filter(([, f]) => !mayUnmask(access, f))
      .map(([name]) => name),
  );
  const search = searchCondition(ctx.database, page, query.q, hidden);
  if (search) conditions.push(search);
  if (query.todo === '1' && page.list?.todo) {
    const todo = Object.fromEntries(Object.entries(page.list.todo).map(([k, v]) => [k, String(v)]));
    conditions.push(...fieldConditions(ctx.database, page, todo));
  }
  return conditions;
}

/** The list's sort from `?sort=field|-field`, else the page's default; only sortable fields. */
export function listSort(page: PageSchema, query: Record<string, unknown>): ListQuery['sort'] {
  const sortRaw = typeof query.sort === 'string' && query.sort ? query.sort : (page.list?.defaultSort ?? '-id');
  const sort = parseSort(sortRaw);
  if (
    !recordFields(page).includes(sort.field) ||
    !(isSortable(page, sort.field) || sortRaw === page.list?.defaultSort || sort.field === 'id')
  ) {
    throw badRequest('server.data.unknownSort', { field: sort.field.slice(0, 40) });
  }
  return sort;
}

export function parseListQuery(ctx: AppContext, access: PageAccess, query: Record<string, unknown>): ListQuery {
  const page = access.page;
  const sort = listSort(page, query);
  return {
    // Bounds are the route's declared contract (routes/dataContract.ts).
    page: Number(query.page ?? 1),
    size: Number(query.size ?? page.list?.pageSize ?? 20),
    sort,
    conditions: whereFor(ctx, access, query),
  };
}

// Conditions only name columns and values, so one builder serves every query: Kysely would
// otherwise create a builder (dozens of closures) per condition per query.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const eb = expressionBuilder<any, any>();

export function applyWhere<Q extends { where: (...a: never[]) => Q }>(q: Q, conditions: Condition[]): Q {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return conditions.reduce((acc: any, c) => acc.where(c(eb)), q);
}

/**
 * Matches counted up to TOTAL_CAP + 1 in one statement: the first subquery steps over TOTAL_CAP
 * index entries to see whether one more exists (no row is read, so it is about three times cheaper
 * than counting them); only when none does are the matches counted, which then stays under the cap.
 */
function cappedCount(db: Db, table: string, conditions: Condition[]) {
  return db.selectNoFrom(
    eb.fn
      .coalesce(
        applyWhere(eb.selectFrom(table).select(eb.lit(TOTAL_CAP + 1).as('n')), conditions)
          .limit(1)
          .offset(TOTAL_CAP),
        applyWhere(eb.selectFrom(table).select(eb.fn.countAll().as('n')), conditions),
      )
      .as('n'),
  );
}

/** The key of a filter in the caches below: its compiled SQL and parameters, cheaper to build than the reads. */
function filterKey(db: Db, table: string, conditions: Condition[]): string {
  const filter = applyWhere(dynamicView(db).selectFrom(table), conditions).compile();
  return `${filter.sql}\u0000${JSON.stringify(filter.parameters)}`;
}

/**
 * Pages up to this size are kept too: the first page of a list is what every visit asks for, and a
 * wide row (the waybill's 28 columns) costs SQLite about ten times the simple list's to read.
 */
const KEPT_PAGE_SIZE = 100;

/** What a read gives (count, totals, a page of records), kept until the next write to the table. */
async function byFilter<V>(
  ctx: AppContext,
  name: string,
  table: string,
  key: () => string,
  run: () => Promise<V>,
  maxEntries = 500,
): Promise<V> {
  const cache = readCache<V>(ctx.database, `${name}:${table}`, { tables: [table], maxEntries, ttlMs: 10_000 });
  return cache ? cache.get(key(), run) : run();
}

/** The capped count, kept until the next write to the table (on SQLite, writes by other processes show within the TTL). */
function countMatches(ctx: AppContext, table: string, conditions: Condition[], key: () => string): Promise<number> {
  const db = ctx.database.db;
  return byFilter(ctx, 'count', table, key, async () => Number((await cappedCount(db, table, conditions).executeTakeFirst())?.n ?? 0));
}

export async function listRecords(ctx: AppContext, page: PageSchema, lq: ListQuery) {
  const db = ctx.database.db;
  const table = page.resource!.table;
  let rowsQ = dynamicView(db).selectFrom(table).select(selectColumns(page));
  rowsQ = applyWhere(rowsQ, lq.conditions);
  const dir = lq.sort.desc ? 'desc' : 'asc';
  rowsQ = rowsQ.orderBy(lq.sort.field, dir);
  if (lq.sort.field !== 'id') rowsQ = rowsQ.orderBy('id', dir);
  rowsQ = rowsQ.limit(lq.size).offset((lq.page - 1) * lq.size);

  let key: string | undefined;
  const filter = () => (key ??= filterKey(db, table, lq.conditions));
  const compiled = rowsQ.compile();
  const readRows = async () => (await db.executeQuery(compiled)).rows.map((r) => toRecord(page, r as Row));
  // Kept records are shared by the answers that use them, which only serialise them.
  const records =
    lq.size <= KEPT_PAGE_SIZE
      ? byFilter(ctx, 'rows', table, () => `${page.id}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`, readRows, 200)
      : readRows();
  const [list, n, totals] = await Promise.all([
    records,
    countMatches(ctx, table, lq.conditions, filter),
    listTotals(ctx, page, lq.conditions, filter),
  ]);
  return {
    list,
    total: Math.min(n, TOTAL_CAP),
    totalCapped: n > TOTAL_CAP,
    page: lq.page,
    size: lq.size,
    ...(totals ? { totals } : {}),
  };
}

/**
 * The list's totals row (list.totals) over every row matching the filter, not only the page shown:
 * one aggregate statement, kept until a write to the table. An average of a whole-number field (fen) is rounded to a whole number.
 */
async function listTotals(ctx: AppContext, page: PageSchema, conditions: Condition[], key: () => string) {
  const specs = page.list?.totals;
  if (!specs?.length) return undefined;
  const table = page.resource!.table;
  const selections = specs.map((s, i) => sql<number | null>`${sql.raw(s.op)}(${sql.ref(s.field)})`.as(`t${i}`));
  // Kept like the count (per page: pages sharing a table total different fields): an aggregate over every matching row costs more than the page itself.
  const row = await byFilter(
    ctx,
    'totals',
    table,
    () => `${page.id}\u0000${key()}`,
    async () =>
      (await applyWhere(dynamicView(ctx.database.db).selectFrom(table).select(selections), conditions).executeTakeFirst()) as
        | Row
        | undefined,
  );
  return specs.map((s, i) => {
    const raw = row?.[`t${i}`];
    const v = raw === null || raw === undefined ? null : Number(raw);
    const whole = s.op === 'avg' && page.model?.properties[s.field]?.type === 'integer';
    return { field: s.field, op: s.op, value: v !== null && whole ? Math.round(v) : v };
  });
}
