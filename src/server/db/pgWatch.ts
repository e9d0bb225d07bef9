import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PostgresDialect, type Driver, type PostgresDialectConfig } from 'kysely';
import type { WriteWatch, WrittenTables } from './writeWatch.js';

/** The channel on which every instance sharing a PostgreSQL database announces the tables it wrote. */
export const WRITES_CHANNEL = 'scop_writes';
// NOTIFY payloads are limited to 8000 bytes; a longer list of tables is announced as "every table".
const MAX_PAYLOAD = 7000;
const RECONNECT_MS = 1000;
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

const payloadOf = (instance: string, tables: WrittenTables) => {
  const list = tables === null ? '*' : [...tables].join(',');
  return `${instance} ${list.length > MAX_PAYLOAD ? '*' : list}`;
};

/**
 * Keeps the read caches of several server instances on one PostgreSQL database correct: each
 * instance announces the tables of its committed writes on WRITES_CHANNEL (LISTEN/NOTIFY, on a
 * connection of its own, outside the pool) and empties its caches for the tables the others announce.
 * While that connection is down the caches keep nothing (the watch is not reliable) and it is
 * opened again; a write announced meanwhile cannot be missed that way.
 */
export async function listenForWrites(connectionString: string, watch: WriteWatch, warn: (msg: string) => void): Promise<{ close(): Promise<void> }> {
  const instance = randomUUID().slice(0, 8);
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  watch.reliable = false;

  const lost = (c: pg.Client, why: string) => {
    if (client !== c) return;
    client = null;
    watch.reliable = false;
    c.end().catch(() => {});
    if (closed) return;
    warn(`PostgreSQL: the connection hearing other instances' writes was lost (${why}); read caches are off until it is back`);
    timer = setTimeout(connect, RECONNECT_MS);
  };

  async function connect() {
    const c = new pg.Client({ connectionString, application_name: LISTENER_NAME });
    c.on('notification', (m) => {
      if (m.channel !== WRITES_CHANNEL || !m.payload) return;
      const space = m.payload.indexOf(' ');
      if (m.payload.slice(0, space) === instance) return;
      const list = m.payload.slice(space + 1);
      watch.external(list === '*' ? null : new Set(list.split(',')));
    });
    c.on('error', (err) => lost(c, err.message));
    c.on('end', () => lost(c, 'closed'));
    try {
      await c.connect();
      await c.query(`LISTEN ${WRITES_CHANNEL}`);
    } catch (err) {
      c.end().catch(() => {});
      if (!closed) {
        warn(`PostgreSQL: cannot listen for other instances' writes (${(err as Error).message}); read caches are off until it can`);
        timer = setTimeout(connect, RECONNECT_MS);
      }
      return;
    }
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    watch.reliable = true;
  }

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
    const batch: { tables: Set<string> | null; sent: Promise<void> } = { tables: tables === null ? null : new Set(tables), sent: Promise.resolve() };
    batch.sent = new Promise((resolve) => setImmediate(resolve)).then(async () => {
      gathering = null;
      const c = client;
      if (!c) return;
      try {
        await c.query('SELECT pg_notify($1, $2)', [WRITES_CHANNEL, payloadOf(instance, batch.tables)]);
      } catch (err) {
        lost(c, (err as Error).message);
      }
    });
    gathering = batch;
    return batch.sent;
  });
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
