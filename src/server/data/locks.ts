import type { AppContext, SessionUser } from '../context.js';
import { AppError, badRequest, forbidden, notFound } from '../errors.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { fieldSchema } from '../../shared/schema/model.js';
import { columnType } from '../../shared/schema/sql.js';
import { parentsOf } from '../../shared/schema/relations.js';
import { toStored, type Row } from './rows.js';
import type { Database } from '../db/connect.js';
import type { Condition } from './filters.js';
import { dynamicView } from '../db/connect.js';

/** Query parameters that open a child page locked to one parent record. */
export const PARENT_PARAMS = ['parent', 'parentField'];

/** Field values the records of a request are held to: the page's fixed filter and, when asked, one parent. */
export type Locks = Record<string, unknown>;

function typed(page: PageSchema, field: string, raw: string): unknown {
  const f = fieldSchema(page, field)!;
  const type = columnType(f);
  if (type === 'integer' || type === 'real') {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw badRequest('server.data.badFilterValue', { field: f.title, value: raw.slice(0, 40) });
    return n;
  }
  return raw;
}

/** The parent named by ?parent= (and ?parentField= when a page has several parents), if it exists and the caller may see it. */
async function parentLock(ctx: AppContext, user: SessionUser, page: PageSchema, query: Record<string, unknown>): Promise<Locks> {
  const raw = query.parent;
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string' || raw.length > 100) throw badRequest('server.data.badParam', { param: 'parent', max: 100 });
  const links = parentsOf(ctx.schemas.pages.values(), page.id).filter((l) => !query.parentField || l.field === query.parentField);
  if (links.length !== 1) throw badRequest('server.data.noParent', { page: page.title });
  const link = links[0];
  const parent = ctx.schemas.pages.get(link.page)!;
  const key = parent.resource!.key ?? 'id';
  const value = typed(parent, key, raw);
  let q = dynamicView(ctx.database.db)
    .selectFrom(parent.resource!.table)
    .select(key)
    .where(key, '=', value as never);
  if (user.partyKind !== 'platform') {
    if (parent.resource!.scope === 'party') q = q.where('partyCode', '=', user.partyCode);
    // Organisations are visible to customers only as their own (as in reference options).
    if (parent.resource!.table === 'sys_party') q = q.where('code', '=', user.partyCode);
  }
  for (const c of lockConditions(ctx.database, parent, parent.fixedFilter ?? {})) q = q.where(c);
  if (!(await q.executeTakeFirst())) throw notFound('server.data.parentNotFound', { page: parent.title, value: raw.slice(0, 40) });
  return { [link.field]: typed(page, link.field, raw) };
}

/** The locks of a request on a page. A parent lock that contradicts the fixed filter is an escape. */
export async function resolveLocks(ctx: AppContext, user: SessionUser, page: PageSchema, query: Record<string, unknown>): Promise<Locks> {
  const fixed: Locks = { ...(page.fixedFilter ?? {}) };
  const parent = await parentLock(ctx, user, page, query ?? {});
  for (const [k, v] of Object.entries(parent)) {
    if (k in fixed && String(fixed[k]) !== String(v)) throw escape(page, k);
  }
  return { ...fixed, ...parent };
}

function escape(page: PageSchema, field: string): AppError {
  return forbidden('server.data.fixedFilter', { field: fieldSchema(page, field)?.title ?? field });
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A query or body that names a locked field with another value tries to leave the page's records: 403. */
export function assertWithinLocks(page: PageSchema, locks: Locks | undefined, values: Row): void {
  for (const [k, v] of Object.entries(locks ?? {})) {
    if (given(values[k]) && String(values[k]) !== String(v)) throw escape(page, k);
  }
}

/** Equality conditions on the stored values of the locks. */
export function lockConditions(database: Database, page: PageSchema, locks: Locks): Condition[] {
  return Object.entries(toStored(database, page, locks)).map(
    ([k, v]) =>
      (eb) =>
        eb(k, '=', v),
  );
}
