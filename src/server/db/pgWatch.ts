import { openChannel } from './pgChannel.js';
import { PostgresDialect, type Driver, type PostgresDialectConfig } from 'kysely';
import type { WriteWatch, WrittenTables } from './writeWatch.js';

/** The channel on which every instance sharing a PostgreSQL database announces the tables it wrote. */
export const WRITES_CHANNEL = 'scop_writes';
// NOTIFY payloads are limited to 8000 bytes; a longer list of tables is announced as "every table".
const MAX_PAYLOAD = 7000;
/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'scop-write-listener';

/**
 * PostgreSQL through Kysely with the write watch told when a transaction ends: what a transaction
 * writes becomes visible to the pool's other connections only at its commit.
 */
export class WatchedPostgresDialect extends PostgresDialect {
  readonly #watch: WriteWatch;

  constructor(config: PostgresDialectConfig, watch: WriteWatch) {
    super(config);
    this.#watch = watch;
  }

  createDriver(): Driver {
    const driver = super.createDriver();
    const watch = this.#watch;
    const begin = driver.beginTransaction.bind(driver);
    const commit = driver.commitTransaction.bind(driver);
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.beginTransaction = async (connection, settings) => {
      watch.transactionBegan();
      try {
        await begin(connection, settings);
      } catch (err) {
        await watch.transactionEnded();
        throw err;
      }
    };
    driver.commitTransaction = async (connection) => {
      try {
        await commit(connection);
      } finally {
        await watch.transactionEnded();
      }
    };
    driver.rollbackTransaction = async (connection) => {
      try {
        await rollback(connection);
      } finally {
        await watch.transactionEnded();
      }
    };
    return driver;
  }
}

const payloadOf = (tables: WrittenTables) => {
  const list = tables === null ? '*' : [...tables].join(',');
  return list.length > MAX_PAYLOAD ? '*' : list;
};

/**
 * Keeps the read caches of several server instances on one PostgreSQL database correct: each
 * instance announces the tables of its committed writes on WRITES_CHANNEL (LISTEN/NOTIFY, on a
 * connection of its own, outside the pool) and empties its caches for the tables the others announce.
 * While that connection is down the caches keep nothing (the watch is not reliable) and it is
 * opened again; a write announced meanwhile cannot be missed that way.
 */
export async function listenForWrites(
  connectionString: string,
  watch: WriteWatch,
  warn: (msg: string) => void,
): Promise<{ close(): Promise<void> }> {
  watch.reliable = false;
  const channel = await openChannel(
    connectionString,
    WRITES_CHANNEL,
    LISTENER_NAME,
    (list) => watch.external(list === '*' ? null : new Set(list.split(','))),
    warn,
    {
      onState: (up) => {
        watch.reliable = up;
      },
      consequence: 'read caches are off until it is back',
    },
  );

  // The writes announced within one turn of the event loop go out as one NOTIFY (a gateway call
  // writes several tables, under load many calls run per turn); each writer still waits until
  // the announcement including its tables has been sent.
  let gathering: { tables: Set<string> | null; sent: Promise<void> } | null = null;
  watch.onPublish((tables) => {
    if (gathering) {
      if (gathering.tables) {
        if (tables === null) gathering.tables = null;
        else for (const t of tables) gathering.tables.add(t);
      }
      return gathering.sent;
    }
    const batch: { tables: Set<string> | null; sent: Promise<void> } = {
      tables: tables === null ? null : new Set(tables),
      sent: Promise.resolve(),
    };
    batch.sent = new Promise((resolve) => setImmediate(resolve)).then(() => {
      gathering = null;
      return channel.announce(payloadOf(batch.tables));
    });
    gathering = batch;
    return batch.sent;
  });
  return { close: () => channel.close() };
}
