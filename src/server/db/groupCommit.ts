import { CompiledQuery, type ControlledTransaction, type DatabaseConnection } from 'kysely';
import type { AppDatabase, Database, Db } from './connect.js';

/** Units per transaction: enough to spread a commit's cost, few enough to keep each batch short. */
const MAX_BATCH = 64;

// A unit's savepoint, run on the transaction's connection as Kysely's own savepoint() does, without
// building and compiling the command and a transaction object for it each time (about 9 µs less a unit).
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit');
const command = (trx: Db | ControlledTransaction<AppDatabase>, query: CompiledQuery) =>
  trx.getExecutor().provideConnection((connection) => connection.executeQuery(query));

interface Unit {
  fn: (trx: Db) => Promise<unknown>;
  /** One statement (or statements each fine on its own): atomic without a savepoint. */
  single: boolean;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Short write units (a few statements each) run together in one SQLite transaction. On SQLite
 * a commit costs more than the statements of a small unit (every page it dirtied is appended to
 * the WAL), and the single connection runs one transaction at a time anyway. Units that arrive
 * within one turn of the event loop share a batch, so a lone unit waits only that turn and under
 * load the commits are shared. Each unit runs in a savepoint: one that throws leaves nothing and the others
 * still commit. Its promise settles only once its batch has committed, so nothing is answered
 * before it is durable as the database's settings make it.
 */
class Batcher {
  readonly #db: Db;
  readonly #queue: Unit[] = [];
  #running = false;

  constructor(db: Db) {
    this.#db = db;
  }

  run<T>(fn: (trx: Db) => Promise<T>, single: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn, single, resolve: resolve as (v: unknown) => void, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain() {
    this.#running = true;
    try {
      // better-sqlite3 runs statements synchronously: without a turn of the event loop the batch
      // would be over before any other request could add a unit to it.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.#queue.length) {
        await this.#batch(this.#queue.splice(0, MAX_BATCH));
        if (this.#queue.length) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.#running = false;
    }
  }

  async #batch(units: Unit[]) {
    if (units.length === 1) {
      // Alone: as it would run without batching (a statement commits by itself).
      const [u] = units;
      await (u.single ? u.fn(this.#db) : this.#db.transaction().execute(u.fn)).then(u.resolve, u.reject);
      return;
    }
    const outcomes: { ok: boolean; value: unknown }[] = [];
    let trx: ControlledTransaction<AppDatabase>;
    try {
      trx = await this.#db.startTransaction().execute();
    } catch (err) {
      for (const u of units) u.reject(err);
      return;
    }
    try {
      held.set(trx, await trx.getExecutor().provideConnection(async (connection) => connection));
      for (const u of units) {
        if (u.single) {
          // A failed statement undoes only itself (SQLite's statement journal).
          outcomes.push(
            await u.fn(trx as unknown as Db).then(
              (value) => ({ ok: true, value }),
              (value: unknown) => ({ ok: false, value }),
            ),
          );
          continue;
        }
        await command(trx, SAVEPOINT);
        try {
          outcomes.push({ ok: true, value: await u.fn(trx as unknown as Db) });
          await command(trx, RELEASE);
        } catch (err) {
          outcomes.push({ ok: false, value: err });
          await command(trx, ROLLBACK_TO);
          await command(trx, RELEASE);
        }
      }
      held.delete(trx);
      await trx.commit().execute();
    } catch (err) {
      held.delete(trx);
      // The transaction itself failed (commit, savepoint): nothing of the batch is kept.
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      for (const u of units) u.reject(err);
      return;
    }
    units.forEach((u, i) => (outcomes[i].ok ? u.resolve(outcomes[i].value) : u.reject(outcomes[i].value)));
  }
}

const batchers = new WeakMap<Db, Batcher>();

// The connection of each batch's open transaction, which the batch holds until it commits.
const held = new WeakMap<object, DatabaseConnection>();

/**
 * The connection a batch's transaction holds, while its units run. On it a statement runs at once:
 * better-sqlite3 runs one statement at a time and to its end before it returns, so the transaction's
 * queue of statements (Kysely's connection provider, several promises a statement) has nothing to
 * order. For the precompiled statements (precompiled.ts), which still tell the plugins of each.
 */
export function batchConnection(db: Db): DatabaseConnection | undefined {
  return held.get(db);
}

/**
 * Runs a write unit in a transaction: shared with other units on SQLite (see Batcher), its own on
 * PostgreSQL (a pool of connections commits concurrently; a unit of one statement, `single`, needs
 * none there), and directly inside a caller's transaction. The unit must use only the handle it is
 * given: the connection is held meanwhile.
 */
export function groupCommit<T>(database: Database, fn: (trx: Db) => Promise<T>, opts: { single?: boolean } = {}): Promise<T> {
  const db = database.db;
  if (db.isTransaction) return fn(db);
  if (database.dialect !== 'sqlite') return opts.single ? fn(db) : db.transaction().execute(fn);
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new Batcher(db)));
  return batcher.run(fn, Boolean(opts.single));
}

const ATOMIC = CompiledQuery.raw('savepoint atomic');
const RELEASE_ATOMIC = CompiledQuery.raw('release atomic');
const ROLLBACK_TO_ATOMIC = CompiledQuery.raw('rollback to atomic');

/**
 * Runs `fn` so that its statements stay together or not at all: in a savepoint when `db` is a
 * transaction (a batch of units, a caller's), else in a transaction of its own. For a `single` unit
 * whose other statements must stay whatever becomes of these.
 */
export async function atomically<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(fn);
  await command(db, ATOMIC);
  try {
    const value = await fn(db);
    await command(db, RELEASE_ATOMIC);
    return value;
  } catch (err) {
    await command(db, ROLLBACK_TO_ATOMIC);
    await command(db, RELEASE_ATOMIC);
    throw err;
  }
}
