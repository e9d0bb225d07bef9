import { SqliteDialect, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/** How long a statement waits in all for another connection's write lock before "database is locked". */
export const BUSY_WAIT_MS = 5000;
/**
 * SQLite's own busy handler sleeps inside the statement, which blocks the event loop: the server
 * answers nothing meanwhile, and a connection of the same process holding the lock (a second
 * server on the file, a tool) cannot finish its transaction, so the wait always runs to its end.
 * The handler is left a few milliseconds for short contention; longer waits happen here, between
 * turns of the event loop.
 */
export const SYNC_BUSY_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lock another connection holds; a stale snapshot (SQLITE_BUSY_SNAPSHOT) only clears if the transaction restarts. */
function waitable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_RECOVERY' || code === 'SQLITE_LOCKED';
}

function retrying(connection: DatabaseConnection): DatabaseConnection {
  const retry = async (query: CompiledQuery, first: unknown) => {
    for (let waited = 0, err = first; ; ) {
      if (!waitable(err) || waited >= BUSY_WAIT_MS) throw err;
      const pause = Math.min(5 + waited / 8, 100);
      await sleep(pause);
      waited += pause + SYNC_BUSY_MS;
      try {
        return await connection.executeQuery(query);
      } catch (again) {
        err = again;
      }
    }
  };
  return {
    // Kysely's SQLite connection runs the statement before it returns and throws there, so a
    // statement that runs costs no promise of its own here (sqliteBusy.test.ts waits through this path).
    executeQuery<R>(query: CompiledQuery) {
      try {
        return connection.executeQuery<R>(query);
      } catch (err) {
        return retry(query, err) as Promise<QueryResult<R>>;
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/** Kysely's SQLite dialect whose statements wait for a busy database without blocking the event loop. */
export class AsyncBusySqliteDialect extends SqliteDialect {
  createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    // SQLite's driver has one connection; it is wrapped once, and released as itself.
    let connection: DatabaseConnection | undefined;
    let wrapped: DatabaseConnection | undefined;
    driver.acquireConnection = async () => {
      const c = await acquire();
      if (c !== connection) [connection, wrapped] = [c, retrying(c)];
      return wrapped!;
    };
    driver.releaseConnection = () => release(connection!);
    return driver;
  }
}
