import type { Database } from '../db/connect.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { columnType } from '../../shared/schema/sql.js';
import { fieldSchema, readableFields } from '../../shared/schema/model.js';
import { encryptedFields, setAtColumn } from '../security/secrets.js';
import { computeValues, hasComputed, isComputedOnRead } from '../../shared/schema/computed.js';

export type Row = Record<string, unknown>;

type Conversion = 'boolean' | 'json' | 'as-is';

// Pages are loaded once at start, so what each readable field needs is worked out once per page.
const conversions = new WeakMap<PageSchema, [string, Conversion][]>();

function conversionsOf(page: PageSchema): [string, Conversion][] {
  let list = conversions.get(page);
  if (!list) {
    // Fields computed on read have no column: toRecord adds them.
    list = readableFields(page)
      .filter((name) => !isComputedOnRead(page.model?.properties[name]))
      .map((name) => {
        const f = fieldSchema(page, name);
        const type = f ? columnType(f) : null;
        return [name, type === 'boolean' || type === 'json' ? type : 'as-is'] as [string, Conversion];
      });
    for (const name of encryptedFields(page)) list.push([setAtColumn(name), 'as-is']);
    conversions.set(page, list);
  }
  return list;
}

/** Stored row → the record a client sees: booleans and JSON restored, secrets and hashes never included. */
export function toRecord(page: PageSchema, row: Row): Row {
  const out: Row = {};
  for (const [name, conversion] of conversionsOf(page)) {
    if (!(name in row)) continue;
    const v = row[name];
    if (v === null || v === undefined) out[name] = null;
    else if (conversion === 'boolean') out[name] = v === true || v === 1 || v === '1';
    else if (conversion === 'json') out[name] = typeof v === 'string' ? safeJson(v) : v;
    else out[name] = v;
  }
  if (hasComputed(page, 'onRead')) Object.assign(out, computeValues(page, out, 'onRead'));
  return out;
}

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

/** Record values → stored values for the given fields. */
export function toStored(database: Database, page: PageSchema, values: Row): Row {
  const out: Row = {};
  for (const [name, v] of Object.entries(values)) {
    const f = fieldSchema(page, name);
    if (!f || v === undefined) continue;
    if (v === null) {
      out[name] = null;
      continue;
    }
    const type = columnType(f);
    if (type === 'boolean') out[name] = database.dialect === 'sqlite' ? (v ? 1 : 0) : Boolean(v);
    else if (type === 'json') out[name] = JSON.stringify(v);
    // Instants are stored in UTC (as the system columns are), so text order is time order for sorts and ranges.
    else if (type === 'datetime' && typeof v === 'string' && !Number.isNaN(Date.parse(v))) out[name] = new Date(v).toISOString();
    else out[name] = v;
  }
  return out;
}

/** The stored columns a read selects: readable fields only, never hashes or secrets. */
export function selectColumns(page: PageSchema): string[] {
  return conversionsOf(page).map(([name]) => name);
}

/**
 * The JSON of the records just inserted as rows of `columns` (arrays in that order), as
 * `JSON.stringify(toRecord(page, row))` of the rows read back: a field without a column is NULL in
 * the table, so null in the record. Which fields appear, in which order and with which conversion is
 * worked out once, so no record object is built per row (bulk imports audit every row). Pages with
 * values computed on read need the record, and get it.
 */
export function recordJson(page: PageSchema, columns: readonly string[]): (values: readonly unknown[]) => string {
  const fields = conversionsOf(page).map(([name, conversion], k) => ({
    at: columns.indexOf(name),
    name,
    key: `${k ? ',' : '{'}${JSON.stringify(name)}:`,
    conversion,
  }));
  if (hasComputed(page, 'onRead')) {
    return (values) => JSON.stringify(toRecord(page, Object.fromEntries(fields.map(({ at, name }) => [name, at < 0 ? null : values[at]]))));
  }
  if (!fields.length) return () => '{}';
  return (values) => {
    let out = '';
    for (const { at, key, conversion } of fields) out += key + (at < 0 ? 'null' : valueJson(values[at], conversion));
    return `${out}}`;
  };
}

function valueJson(v: unknown, conversion: Conversion): string {
  if (v === null || v === undefined) return 'null';
  if (conversion === 'boolean') return v === true || v === 1 || v === '1' ? 'true' : 'false';
  return JSON.stringify(conversion === 'json' && typeof v === 'string' ? safeJson(v) : v);
}
