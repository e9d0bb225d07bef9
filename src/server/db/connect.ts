import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Kysely, SqliteDialect } from 'kysely';
import { listenForWrites, WatchedPostgresDialect } from './pgWatch.js';
import { withStatementCache } from './statementCache.js';
import { WriteWatch } from './writeWatch.js';
import type { CoreDatabase } from './coreDatabase.js';

export type DialectName = 'sqlite' | 'postgres';

/** Page tables come from page schemas at run time, so their rows are plain records; core tables have `Database.core`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;

/** The core tables' typed view of `db` or of a transaction opened on it. */
export function coreView(db: Db): Kysely<CoreDatabase> {
  return db as unknown as Kysely<CoreDatabase>;
}

export interface Database {
  db: Db;
  /** The same connection as `db`, typed for the core tables (coreTables.ts). */
  core: Kysely<CoreDatabase>;
  dialect: DialectName;
  /**
   * Every write made through `db`, for read caches; on PostgreSQL also the writes of the other
   * server instances sharing the database (pgWatch.ts).
   */
  writes?: WriteWatch;
  close(): Promise<void>;
}

// pg returns int8 and numeric as strings to avoid precision loss; our ids and fen amounts fit in
// 2^53, and both dialects must hand the same JS types to the code above them.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, admin) is an 'error' on the pool;
    // unheard, it would crash the process. The pool drops that client and opens a new one when needed.
    pool.on('error', (err) => console.warn(`PostgreSQL: idle connection lost (${err.message}); it will be replaced`));
    const writes = new WriteWatch(() => 0);
    const db = new Kysely<unknown>({ dialect: new WatchedPostgresDialect({ pool }, writes), plugins: [writes] }) as Db;
    const listener = await listenForWrites(opts.databaseUrl, writes, (msg) => console.warn(msg));
    return {
      db,
      core: coreView(db),
      dialect: 'postgres',
      writes,
      close: async () => {
        await listener.close();
        await db.destroy();
      },
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = new BetterSqlite3(path.join(opts.dataDir, 'app.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  // data_version moves when another connection (another process, the sqlite3 shell) commits to the file.
  const dataVersion = file.prepare('PRAGMA data_version').pluck();
  const writes = new WriteWatch(() => dataVersion.get());
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: withStatementCache(file) }), plugins: [writes] }) as Db;
  return { db, core: coreView(db), dialect: 'sqlite', writes, close: () => db.destroy() };
}

/** better-sqlite3 cannot bind booleans; SQLite keeps them as 0 and 1. */
export function boolParam(database: Database, value: boolean): boolean | number {
  return database.dialect === 'sqlite' ? (value ? 1 : 0) : value;
}
