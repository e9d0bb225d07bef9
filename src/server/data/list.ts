import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { PageAccess } from './access.js';
import { scopedParty } from './access.js';
import { fieldConditions, searchCondition, type Condition } from './filters.js';
import { selectColumns, toRecord, type Row } from './rows.js';
import { isSortable, parseSort, recordFields } from '../../engine/schema/model.js';
import type { PageSchema } from '../../engine/schema/types.js';

export const MAX_PAGE_SIZE = 200;
/** Past this many matches the total is reported as "more than", so a count never scans a huge table. */
export const TOTAL_CAP = 10_000;

export interface ListQuery {
  page: number;
  size: number;
  sort: { field: string; desc: boolean };
  conditions: Condition[];
}

function positiveInt(raw: unknown, fallback: number, name: string, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest('server.data.badParam', { param: name, max });
  return n;
}

/** Scope, filters, free-text search and the to-do filter of a list, export or report request. */
export function whereFor(ctx: AppContext, access: PageAccess, query: Record<string, unknown>): Condition[] {
  const page = access.page;
  const conditions = fieldConditions(ctx.database, page, query);
  const party = scopedParty(access);
  if (party) conditions.push((eb) => eb('partyCode', '=', party));
  const search = searchCondition(ctx.database, page, query.q);
  if (search) conditions.push(search);
  if (query.todo === '1' && page.list?.todo) {
    const todo = Object.fromEntries(Object.entries(page.list.todo).map(([k, v]) => [k, String(v)]));
    conditions.push(...fieldConditions(ctx.database, page, todo));
  }
  return conditions;
}

export function parseListQuery(ctx: AppContext, access: PageAccess, query: Record<string, unknown>): ListQuery {
  const page = access.page;
  const sortRaw = typeof query.sort === 'string' && query.sort ? query.sort : page.list?.defaultSort ?? '-id';
  const sort = parseSort(sortRaw);
  if (!recordFields(page).includes(sort.field) || !(isSortable(page, sort.field) || sortRaw === page.list?.defaultSort || sort.field === 'id')) {
    throw badRequest('server.data.unknownSort', { field: sort.field.slice(0, 40) });
  }
  return {
    page: positiveInt(query.page, 1, 'page'),
    size: positiveInt(query.size, page.list?.pageSize ?? 20, 'size', MAX_PAGE_SIZE),
    sort,
    conditions: whereFor(ctx, access, query),
  };
}

export function applyWhere<Q extends { where: (...a: never[]) => Q }>(q: Q, conditions: Condition[]): Q {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return conditions.reduce((acc: any, c) => acc.where(c), q);
}

export async function listRecords(ctx: AppContext, page: PageSchema, lq: ListQuery) {
  const db = ctx.database.db;
  const table = page.resource!.table;
  let rowsQ = db.selectFrom(table).select(selectColumns(page));
  rowsQ = applyWhere(rowsQ, lq.conditions);
  const dir = lq.sort.desc ? 'desc' : 'asc';
  rowsQ = rowsQ.orderBy(lq.sort.field, dir);
  if (lq.sort.field !== 'id') rowsQ = rowsQ.orderBy('id', dir);
  rowsQ = rowsQ.limit(lq.size).offset((lq.page - 1) * lq.size);

  let countQ = db.selectFrom(table).select('id');
  countQ = applyWhere(countQ, lq.conditions).limit(TOTAL_CAP + 1);
  const [rows, counted] = await Promise.all([
    rowsQ.execute(),
    db.selectFrom(countQ.as('capped')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const n = Number(counted.n);
  return {
    list: rows.map((r) => toRecord(page, r as Row)),
    total: Math.min(n, TOTAL_CAP),
    totalCapped: n > TOTAL_CAP,
    page: lq.page,
    size: lq.size,
  };
}
