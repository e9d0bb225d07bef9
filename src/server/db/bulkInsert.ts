import { sql, type CompiledQuery } from 'kysely';
import type { Db, DialectName } from './connect.js';
import { dynamicView } from './connect.js';

// SQLite binds at most 32,766 parameters per statement (PostgreSQL 65,535); past a few hundred
// rows a longer statement saves nothing measurable.
const MAX_PARAMS = 30_000;
const MAX_ROWS = 500;

/**
 * Inserts many rows of the same columns into one table. Kysely compiles each statement shape once;
 * later chunks run the same SQL with new parameters, so a large import does not pay for building and
 * compiling thousands of value nodes per chunk. SQLite gets multi-row INSERTs (its statement cache
 * keeps them prepared); PostgreSQL gets one INSERT … SELECT FROM unnest() of one array per column,
 * so the server parses and plans a short statement instead of one with thousands of parameters.
 * The statements keep Kysely's query id, so write watchers (read caches) see each of them as a
 * write to this table. Use it on a transaction: ids are returned in the order of the rows.
 */
export class BulkInsert {
  readonly #compiled = new Map<number, CompiledQuery>();
  readonly #rowsPerStatement: number;
  #unnest?: CompiledQuery;

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly returningId: boolean,
  ) {
    this.#rowsPerStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  }

  /** Rows as arrays in the order of `columns`; returns the new ids when asked for them at construction. */
  async insert(rows: readonly (readonly unknown[])[]): Promise<number[]> {
    if (this.dialect === 'postgres') return this.#insertUnnest(rows);
    const ids: number[] = [];
    const width = this.columns.length;
    for (let start = 0; start < rows.length; start += this.#rowsPerStatement) {
      const count = Math.min(this.#rowsPerStatement, rows.length - start);
      const parameters = new Array<unknown>(count * width);
      for (let r = 0; r < count; r++) {
        const row = rows[start + r];
        if (row.length !== width) throw new Error(`bulk insert into ${this.table}: a row has ${row.length} values for ${width} columns`);
        for (let c = 0; c < width; c++) parameters[r * width + c] = row[c] ?? null;
      }
      const result = await this.db.executeQuery<{ id: number }>({ ...this.#statement(count), parameters });
      if (this.returningId) for (const row of result.rows) ids.push(Number(row.id));
    }
    return ids;
  }

  async #insertUnnest(rows: readonly (readonly unknown[])[]): Promise<number[]> {
    if (!rows.length) return [];
    const width = this.columns.length;
    const parameters = this.columns.map(() => new Array<unknown>(rows.length));
    rows.forEach((row, r) => {
      if (row.length !== width) throw new Error(`bulk insert into ${this.table}: a row has ${row.length} values for ${width} columns`);
      for (let c = 0; c < width; c++) (parameters[c] as unknown[])[r] = row[c] ?? null;
    });
    const result = await this.db.executeQuery<{ id: number }>({ ...(await this.#unnestStatement()), parameters });
    return this.returningId ? result.rows.map((row) => Number(row.id)) : [];
  }

  /** Each column's array is cast to the column's own type, read from the catalogue once. */
  async #unnestStatement(): Promise<CompiledQuery> {
    if (this.#unnest) return this.#unnest;
    // Built as a select, not raw SQL, so that the write watch sees a read.
    const rows = await dynamicView(this.db)
      .selectFrom('pg_attribute')
      .select(['attname as name', sql<string>`format_type(atttypid, atttypmod)`.as('type')])
      .where('attrelid', '=', sql<number>`to_regclass(quote_ident(${this.table}))`)
      .where('attnum', '>', 0)
      .where('attisdropped', '=', false)
      .execute();
    const types = new Map(rows.map((r) => [r.name, r.type]));
    const arrays = this.columns.map((c) => {
      const type = types.get(c);
      if (!type) throw new Error(`bulk insert into ${this.table}: no column ${c}`);
      return sql`${[]}::${sql.raw(type)}[]`;
    });
    const query = dynamicView(this.db)
      .insertInto(this.table)
      .columns([...this.columns])
      .expression(sql`select * from unnest(${sql.join(arrays)})`);
    const compiled = (this.returningId ? query.returning('id') : query).compile();
    if (compiled.parameters.length !== this.columns.length) throw new Error(`bulk insert into ${this.table}: unexpected statement shape`);
    this.#unnest = compiled;
    return compiled;
  }

  #statement(count: number): CompiledQuery {
    let compiled = this.#compiled.get(count);
    if (!compiled) {
      // Placeholder values only shape the statement: every one becomes a parameter.
      const shape = Object.fromEntries(this.columns.map((c) => [c, '']));
      const query = dynamicView(this.db)
        .insertInto(this.table)
        .values(Array.from({ length: count }, () => shape));
      compiled = (this.returningId ? query.returning('id') : query).compile();
      if (compiled.parameters.length !== count * this.columns.length)
        throw new Error(`bulk insert into ${this.table}: unexpected statement shape`);
      this.#compiled.set(count, compiled);
    }
    return compiled;
  }
}
