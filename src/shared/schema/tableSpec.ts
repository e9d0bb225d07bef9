/**
 * The physical shape of a table, dialect-free. Page schemas map to this (see sql.ts) and so do the
 * server's own core tables, so one migrator creates and extends both.
 */
export type ColumnType = 'text' | 'integer' | 'real' | 'boolean' | 'json' | 'datetime';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  notNull?: boolean;
  unique?: boolean;
  /** Literal default for new rows and for rows that exist when the column is added. */
  defaultValue?: string | number | boolean;
}

export interface IndexSpec {
  columns: string[];
  unique?: boolean;
}

export interface TableSpec {
  name: string;
  /** Which page or core module declared the table: named in migration errors. */
  owner: string;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
}

/**
 * The indexes worth keeping: each once, none whose columns lead a longer one, which serves the same
 * lookups (an index on (partyCode) beside one on (partyCode, calledAt)), and none that unique columns
 * lead (`uniqueColumns`, or a unique index's): a value of those finds one row, which needs no order
 * (the consume log's (requestId, consumedAt) beside its unique requestId). Every index costs each
 * insert; the gateway's call log had twelve where seven serve every query. Unique ones always stay.
 */
export function withoutRedundantIndexes(indexes: IndexSpec[], uniqueColumns: readonly string[] = []): IndexSpec[] {
  const key = (i: IndexSpec) => i.columns.join('\0');
  const leads = (short: IndexSpec, long: IndexSpec) =>
    long.columns.length > short.columns.length && short.columns.every((c, n) => long.columns[n] === c);
  const uniques = [...indexes.filter((i) => i.unique), ...uniqueColumns.map((c) => ({ columns: [c], unique: true }))];
  const ledByUnique = (idx: IndexSpec) => uniques.some((u) => key(u) === key(idx) || leads(u, idx));
  const seen = new Set<string>();
  return indexes.filter((idx) => {
    const k = `${idx.unique ? 'u' : 'i'}${key(idx)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return idx.unique || !(ledByUnique(idx) || indexes.some((other) => leads(idx, other)));
  });
}

/** Columns every table has, besides its own. */
export const SYSTEM_COLUMNS: ColumnSpec[] = [
  { name: 'version', type: 'integer', notNull: true, defaultValue: 1 },
  { name: 'createdAt', type: 'datetime', notNull: true, defaultValue: '1970-01-01T00:00:00.000Z' },
  { name: 'updatedAt', type: 'datetime', notNull: true, defaultValue: '1970-01-01T00:00:00.000Z' },
  { name: 'createdBy', type: 'text' },
  { name: 'updatedBy', type: 'text' },
];

export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
