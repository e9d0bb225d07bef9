import { createQueryId, type Compilable, type CompiledQuery, type QueryResult, type UnknownRow } from 'kysely';
import type { Db } from './connect.js';
import { batchConnection } from './groupCommit.js';

const SLOT = Symbol('precompiled argument');
type Slot = { readonly [SLOT]: number };
const isSlot = (v: unknown): v is Slot => typeof v === 'object' && v !== null && SLOT in v;

/**
 * A statement of fixed shape built and compiled by Kysely once per dialect, then run with new
 * arguments: for the few statements a hot path runs on every request (the gateway's), building
 * and compiling the query costs more than the database executing it. `build` receives stand-ins
 * for the arguments and must use them only as values (no branching on them). The plugins still
 * see every run (the write watch that empties read caches), and on SQLite the statement cache
 * reuses the prepared statement, since the SQL text is the same; in a batch of units it runs on the
 * batch's connection directly (groupCommit.ts, batchConnection).
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
      const query = {
        query: executor.transformQuery(template.query, queryId),
        queryId,
        sql: template.sql,
        parameters: template.parameters.map((p) => (isSlot(p) ? args[p[SLOT]] : p)),
      };
      const connection = batchConnection(db);
      if (!connection) return db.executeQuery<R>(query);
      let result = await connection.executeQuery<UnknownRow>(query);
      for (const plugin of executor.plugins) result = await plugin.transformResult({ result, queryId });
      return result as QueryResult<R>;
    },
    async first(db: Db, ...args: A): Promise<R | undefined> {
      return (await this.execute(db, ...args)).rows[0];
    },
  };
}
