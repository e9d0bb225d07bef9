import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Kysely, type Driver, type SqliteDialectConfig } from 'kysely';
import { listenForWrites, WatchedPostgresDialect } from './pgWatch.js';
import { FOREGROUND_CHECKPOINT_PAGES, startBackgroundCheckpoints } from './checkpoints.js';
import { AsyncBusySqliteDialect, SYNC_BUSY_MS } from './sqliteBusy.js';
import { withStatementCache } from './statementCache.js';
import { WriteWatch } from './writeWatch.js';
import type { CoreDatabase } from './coreDatabase.js';
import type { PageDatabase } from './pageDatabase.generated.js';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Every table the code names: the core tables (coreDatabase.ts) and the page tables, whose row types
 * are generated from the page schemas (pageDatabase.generated.ts, `npm run gen:tables`). A page that
 * adds columns to a core table has them in its PageDatabase entry, which replaces the core one.
 */
export interface AppDatabase extends Omit<CoreDatabase, keyof PageDatabase>, PageDatabase {}

export type Db = Kysely<AppDatabase>;

/**
 * Any table by a name known only at run time: the data API's generic modules (list, write, export,
 * import) serve whichever page a request names, including pages added live in the playground.
 * Values are `unknown` until the page schema that names the column says what they are. Code that
 * names its table in the source uses `Db`, so a renamed field breaks the build there.
 */
export type DynamicDatabase = Record<string, Record<string, unknown>>;

/** `db` (or a transaction on it) over tables named at run time; see DynamicDatabase. */
export function dynamicView(db: Db): Kysely<DynamicDatabase> {
  return db as unknown as Kysely<DynamicDatabase>;
}

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

// The context (context.ts) sits below this layer and cannot name these types: the database handle is declared here.
declare module '../context.js' {
  interface AppContext {
    database: Database;
  }
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
  const filePath = path.join(opts.dataDir, 'app.db');
  const file = new BetterSqlite3(filePath);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma(`busy_timeout = ${SYNC_BUSY_MS}`);
  file.pragma(`wal_autocheckpoint = ${FOREGROUND_CHECKPOINT_PAGES}`);
  const checkpoints = startBackgroundCheckpoints(filePath, (msg) => console.warn(`SQLite: ${msg}`));
  // data_version moves when another connection (another process, the sqlite3 shell) commits to the file.
  const dataVersion = file.prepare('PRAGMA data_version').pluck();
  const writes = new WriteWatch(() => dataVersion.get());
  const db = new Kysely<unknown>({
    dialect: new WatchedSqliteDialect({ database: withStatementCache(file) }, writes),
    plugins: [writes],
  }) as Db;
  return {
    db,
    core: coreView(db),
    dialect: 'sqlite',
    writes,
    close: async () => {
      await checkpoints.stop();
      await db.destroy();
    },
  };
}

/** SQLite whose commits are told to the write watch, for the other databases of this process (WriteWatch.sync). */
class WatchedSqliteDialect extends AsyncBusySqliteDialect {
  readonly #watch: WriteWatch;

  constructor(config: SqliteDialectConfig, watch: WriteWatch) {
    super(config);
    this.#watch = watch;
  }

  createDriver(): Driver {
    const driver = super.createDriver();
    const commit = driver.commitTransaction.bind(driver);
    driver.commitTransaction = async (connection) => {
      try {
        await commit(connection);
      } finally {
        this.#watch.committed();
      }
    };
    return driver;
  }
}

/** better-sqlite3 cannot bind booleans; SQLite keeps them as 0 and 1. */
export function boolParam(database: Database, value: boolean): boolean | number {
  return database.dialect === 'sqlite' ? (value ? 1 : 0) : value;
}
