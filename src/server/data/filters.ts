import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db/connect.js';
import { badRequest } from '../errors.js';
import type { FieldSchema, PageSchema } from '../../shared/schema/types.js';
import { fieldSchema, filterOperator, recordFields } from '../../shared/schema/model.js';
import { columnType } from '../../shared/schema/sql.js';
import { isComputedOnRead } from '../../shared/schema/computed.js';

/** Query parameters that are not field filters. */
export const RESERVED_PARAMS = new Set(['page', 'size', 'sort', 'q', 'todo', 'format', 'fields', 'tzOffset', 'parent', 'parentField']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EB = ExpressionBuilder<any, any>;
export type Condition = (eb: EB) => Expression<SqlBool>;

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function likeCondition(database: Database, column: string, text: string): Condition {
  const pattern = `%${escapeLike(text)}%`;
  const op = database.dialect === 'postgres' ? sql`ilike` : sql`like`;
  return () => sql<SqlBool>`${sql.ref(column)} ${op} ${pattern} escape '\\'`;
}

function scalar(page: PageSchema, name: string, f: FieldSchema, raw: string): unknown {
  const type = columnType(f);
  const bad = () => badRequest('server.data.badFilterValue', { field: f.title, value: raw.slice(0, 40) });
  if (type === 'integer' || type === 'real') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || (type === 'integer' && !Number.isSafeInteger(n))) throw bad();
    return n;
  }
  if (type === 'boolean') {
    if (raw !== 'true' && raw !== 'false' && raw !== '1' && raw !== '0') throw bad();
    return raw === 'true' || raw === '1';
  }
  const values = f.enum ?? f.items?.enum;
  if (values && !values.map(String).includes(raw)) throw bad();
  void page;
  void name;
  return raw;
}

function boolValue(database: Database, v: unknown) {
  return typeof v === 'boolean' && database.dialect === 'sqlite' ? (v ? 1 : 0) : v;
}

/** Range bounds: "from,to" with either side empty; a date-only upper bound includes that whole day. */
function rangeCondition(database: Database, page: PageSchema, name: string, f: FieldSchema, raw: string): Condition[] {
  const [from = '', to = ''] = raw.split(',');
  const out: Condition[] = [];
  const isTime = f.format === 'date-time';
  const bound = (v: string, upper: boolean) => {
    if (isTime) {
      if (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))) return upper ? `${v}T23:59:59.999Z` : `${v}T00:00:00.000Z`;
      if (Number.isNaN(Date.parse(v))) throw badRequest('server.data.badFilterValue', { field: f.title, value: v.slice(0, 40) });
      return new Date(v).toISOString();
    }
    return scalar(page, name, f, v);
  };
  // Values are checked now, not when the query is built: an export has sent its headers by then.
  if (from) {
    const lo = bound(from, false);
    out.push((eb) => eb(name, '>=', lo));
  }
  if (to) {
    const hi = bound(to, true);
    out.push((eb) => eb(name, '<=', hi));
  }
  void database;
  return out;
}

/** Field filters from the query string. Field names come only from the schema; anything else is refused. */
export function fieldConditions(database: Database, page: PageSchema, query: Record<string, unknown>): Condition[] {
  const fields = new Set(recordFields(page));
  const out: Condition[] = [];
  for (const [name, rawValue] of Object.entries(query)) {
    if (RESERVED_PARAMS.has(name) || rawValue === undefined || rawValue === '') continue;
    const f = fieldSchema(page, name);
    if (!fields.has(name) || !f || f.writeOnly || isComputedOnRead(f))
      throw badRequest('server.data.unknownFilter', { field: name.slice(0, 40) });
    if (Array.isArray(rawValue) || typeof rawValue !== 'string')
      throw badRequest('server.data.badFilterValue', { field: f.title, value: '' });
    if (rawValue.length > 200) throw badRequest('server.data.badFilterValue', { field: f.title, value: rawValue.slice(0, 40) });
    const op = filterOperator(f);
    if (op === 'like') out.push(likeCondition(database, name, rawValue));
    else if (op === 'range') out.push(...rangeCondition(database, page, name, f, rawValue));
    else if (op === 'in' || columnType(f) === 'json') {
      // JSON arrays are text: a value matches when the array holds it.
      const values = rawValue.split(',').filter(Boolean).slice(0, 50);
      if (columnType(f) === 'json') out.push((eb) => eb.or(values.map((v) => likeCondition(database, name, JSON.stringify(v))(eb))));
      else {
        const checked = values.map((v) => boolValue(database, scalar(page, name, f, v)));
        out.push((eb) => eb(name, 'in', checked));
      }
    } else {
      const value = boolValue(database, scalar(page, name, f, rawValue));
      out.push((eb) => eb(name, '=', value));
    }
  }
  return out;
}

/** `exact`: fields matched only as a whole value (masked ones, so a part typed in reveals nothing). */
export function searchCondition(database: Database, page: PageSchema, q: unknown, exact: Set<string> = new Set()): Condition | null {
  if (typeof q !== 'string' || !q.trim()) return null;
  const fields = page.resource?.search?.length ? page.resource.search : [page.resource!.label];
  const text = q.trim();
  return (eb) => eb.or(fields.map((f) => (exact.has(f) ? eb(f, '=', text) : likeCondition(database, f, text)(eb))));
}
