import { sql } from 'kysely';
import type { ColumnSpec, ColumnType, IndexSpec, TableSpec } from '../../shared/schema/tableSpec.js';
import { IDENTIFIER } from '../../shared/schema/tableSpec.js';
import type { Database, DialectName } from './connect.js';

/** Raised instead of touching data when a schema change would lose or reinterpret stored values. */
export class DestructiveChangeError extends Error {}

function physicalType(type: ColumnType, dialect: DialectName): string {
  if (dialect === 'sqlite') {
    return { text: 'text', integer: 'integer', real: 'real', boolean: 'integer', json: 'text', datetime: 'text' }[type];
  }
  return { text: 'text', integer: 'bigint', real: 'double precision', boolean: 'boolean', json: 'text', datetime: 'text' }[type];
}

/** Introspected type names differ from the DDL spelling; compare on a common family. */
function family(typeName: string): string {
  const t = typeName.toLowerCase();
  if (/int/.test(t)) return 'int';
  if (/bool/.test(t)) return 'bool';
  if (/real|double|float|numeric/.test(t)) return 'real';
  return 'text';
}

function expectedFamily(type: ColumnType, dialect: DialectName): string {
  return family(physicalType(type, dialect));
}

function checkIdentifier(name: string, owner: string) {
  if (!IDENTIFIER.test(name)) throw new Error(`${owner}: "${name}" is not a legal table or column name`);
}

function defaultSql(col: ColumnSpec, dialect: DialectName) {
  const v = col.defaultValue;
  if (typeof v === 'boolean') return dialect === 'sqlite' ? sql.lit(v ? 1 : 0) : sql.lit(v);
  return sql.lit(v as string | number);
}

function indexName(table: string, idx: IndexSpec): string {
  return `${idx.unique ? 'ux' : 'ix'}_${table}_${idx.columns.join('_')}`.slice(0, 63);
}

/**
 * Drops the plain indexes this migrator made that no table spec wants any more (after a schema
 * change, or when a redundant one was left out): each slows every insert. Several specs may share a
 * table (a core table and the pages that show it), so only an index none of them names goes.
 * Unique indexes are never dropped here: they are rules, and removing one is a decision for a person.
 */
export async function dropObsoleteIndexes(database: Database, specs: TableSpec[]): Promise<string[]> {
  const wanted = new Set(specs.flatMap((s) => s.indexes.map((i) => indexName(s.name, i))));
  const tables = new Set(specs.map((s) => s.name));
  const rows =
    database.dialect === 'sqlite'
      ? await sql<{ name: string; tbl: string }>`select name, tbl_name as tbl from sqlite_master where type = 'index'`.execute(database.db)
      : await sql<{
          name: string;
          tbl: string;
        }>`select indexname as name, tablename as tbl from pg_indexes where schemaname = current_schema()`.execute(database.db);
  const obsolete = rows.rows.filter((r) => r.name.startsWith('ix_') && tables.has(r.tbl) && !wanted.has(r.name)).map((r) => r.name);
  for (const name of obsolete) await database.db.schema.dropIndex(name).ifExists().execute();
  return obsolete;
}

/** Table name -> column name -> stored type, kept current by `ensureTable` as it changes tables. */
export type TableSnapshot = Map<string, Map<string, string>>;

/** The tables as they are now: read once by a caller that ensures many tables in a row. */
export async function existingTables(database: Database): Promise<TableSnapshot> {
  const tables = await database.db.introspection.getTables();
  return new Map(tables.map((t) => [t.name, new Map(t.columns.map((c) => [c.name, c.dataType]))]));
}

/**
 * Creates or extends the table; answers whether it was created now (a new table may get demo rows).
 * `tables` is what `existingTables` read before: introspecting every table once per table made a
 * start over a hundred pages quadratic.
 */
export async function ensureTable(database: Database, spec: TableSpec, tables?: TableSnapshot): Promise<boolean> {
  const { db, dialect } = database;
  checkIdentifier(spec.name, spec.owner);
  spec.columns.forEach((c) => checkIdentifier(c.name, spec.owner));
  const snapshot = tables ?? (await existingTables(database));
  const existing = snapshot.get(spec.name);

  if (!existing) {
    let create = db.schema.createTable(spec.name).ifNotExists();
    create =
      dialect === 'sqlite'
        ? create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : create.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
    for (const col of spec.columns) {
      create = create.addColumn(col.name, sql.raw(physicalType(col.type, dialect)), (c) => {
        let b = c;
        if (col.notNull) b = b.notNull();
        if (col.defaultValue !== undefined) b = b.defaultTo(defaultSql(col, dialect));
        return b;
      });
    }
    await create.execute();
    snapshot.set(spec.name, new Map(spec.columns.map((c) => [c.name, physicalType(c.type, dialect)])));
  } else {
    for (const col of spec.columns) {
      const have = existing.get(col.name);
      if (have === undefined) {
        // A new NOT NULL column needs a default so existing rows stay valid.
        await db.schema
          .alterTable(spec.name)
          .addColumn(col.name, sql.raw(physicalType(col.type, dialect)), (c) => {
            let b = c;
            if (col.defaultValue !== undefined) b = b.defaultTo(defaultSql(col, dialect));
            if (col.notNull && col.defaultValue !== undefined) b = b.notNull();
            return b;
          })
          .execute();
        existing.set(col.name, physicalType(col.type, dialect));
      } else if (family(have) !== expectedFamily(col.type, dialect)) {
        throw new DestructiveChangeError(
          `${spec.owner}: field "${col.name}" of table ${spec.name} is stored as ${have} but the schema now says ${col.type}; ` +
            'changing it would reinterpret stored data. Add a new field instead, or migrate the column by hand.',
        );
      }
    }
  }

  for (const col of spec.columns.filter((c) => c.unique)) {
    await db.schema.createIndex(`ux_${spec.name}_${col.name}`).ifNotExists().unique().on(spec.name).column(col.name).execute();
  }
  for (const idx of spec.indexes) {
    idx.columns.forEach((c) => checkIdentifier(c, spec.owner));
    const name = indexName(spec.name, idx);
    let b = db.schema.createIndex(name).ifNotExists().on(spec.name).columns(idx.columns);
    if (idx.unique) b = b.unique();
    await b.execute();
  }
  return !existing;
}
