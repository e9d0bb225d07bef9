import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './connect.js';

const SLOT = Symbol('precompiled argument');
type Slot = { readonly [SLOT]: number };
const isSlot = (v: unknown): v is Slot => typeof v === 'object' && v !== null && SLOT in v;

/**
 * A statement of fixed shape built and compiled by Kysely once per dialect, then run with new
 * arguments: for the few statements a hot path runs on every request (the gateway's), building
 * and compiling the query costs more than the database executing it. `build` receives stand-ins
 * for the arguments and must use them only as values (no branching on them). The plugins still
 * see every run (the write watch that empties read caches), and on SQLite the statement cache
 * reuses the prepared statement, since the SQL text is the same.
 */
export function precompile<A extends unknown[], R>(arity: number, build: (db: Db, ...args: A) => Compilable<R>) {
  const templates = new WeakMap<object, CompiledQuery<R>>();
  const slots = Array.from({ length: arity }, (_, i): Slot => ({ [SLOT]: i })) as unknown as A;
  return {
    async execute(db: Db, ...args: A): Promise<QueryResult<R>> {
      const executor = db.getExecutor();
      let template = templates.get(executor.adapter);
      if (!template) templates.set(executor.adapter, (template = build(db, ...slots).compile()));
      const queryId = createQueryId();
      executor.transformQuery(template.query, queryId);
      return db.executeQuery<R>({
        query: template.query,
        queryId,
        sql: template.sql,
        parameters: template.parameters.map((p) => (isSlot(p) ? args[p[SLOT]] : p)),
      });
    },
    async first(db: Db, ...args: A): Promise<R | undefined> {
      return (await this.execute(db, ...args)).rows[0];
    },
  };
}
