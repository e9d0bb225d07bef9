import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, dynamicView } from './connect.js';
import { LISTENER_NAME } from './pgWatch.js';
import { readCache } from './readCache.js';

const admin = process.env.TEST_PG_URL;

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** Resolves once `database` has been told of a write to `table`. */
const heard = (database: Database, table: string) =>
  new Promise<void>((resolve) => {
    const off = database.writes!.onWrite((tables) => {
      if (tables && !tables.has(table)) return;
      off();
      resolve();
    });
  });

/** Two openings of one PostgreSQL database stand for two server instances. */
describe.skipIf(!admin)('read caches on PostgreSQL', () => {
  const name = `t_watch_${randomBytes(4).toString('hex')}`;
  let one: Database;
  let two: Database;
  const options = { tables: ['things'], maxEntries: 10, ttlMs: 60_000 };
  const count = (database: Database) => async () =>
    Number(
      (
        await dynamicView(database.db)
          .selectFrom('things')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );
  const cached = (database: Database) => readCache<number>(database, 'things', options)!.get('all', count(database));

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(admin!);
    url.pathname = `/${name}`;
    one = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    two = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await one.db.schema
      .createTable('things')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('forgets what was read during an open transaction once it commits', async () => {
    expect(one.writes!.reliable).toBe(true);
    expect(await cached(one)).toBe(0);
    const trx = await one.db.startTransaction().execute();
    await dynamicView(trx).insertInto('things').values({ id: 1 }).execute();
    // Another pooled connection still sees the committed state, and the cache may keep it...
    expect(await cached(one)).toBe(0);
    expect(await cached(one)).toBe(0);
    const toldTwo = heard(two, 'things');
    await trx.commit().execute();
    // ...until the commit, which empties it here and, once heard, on the other instance.
    expect(await cached(one)).toBe(1);
    await toldTwo;
    expect(await cached(two)).toBe(1);
  });

  it('keeps a value on the other instance until it hears of a write', async () => {
    expect(await cached(two)).toBe(1);
    const raw = new pg.Client({ connectionString: new URL(`/${name}`, admin!).toString() });
    await raw.connect();
    await raw.query('INSERT INTO things (id) VALUES (2)');
    await raw.end();
    // Unannounced, so still the kept value: the cache is really in use.
    expect(await cached(two)).toBe(1);
    const told = heard(two, 'things');
    await dynamicView(one.db).insertInto('things').values({ id: 3 }).execute();
    await told;
    expect(await cached(two)).toBe(3);
  });

  it('keeps nothing while it cannot hear the other instances, and listens again', async () => {
    const lost = new Promise<void>((resolve) => two.writes!.onWrite((t) => t === null && !two.writes!.reliable && resolve()));
    await adminQuery(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND application_name = '${LISTENER_NAME}'`,
    );
    await lost;
    // Not reliable: every read goes to the database, so an unannounced write shows at once.
    const raw = new pg.Client({ connectionString: new URL(`/${name}`, admin!).toString() });
    await raw.connect();
    await raw.query('INSERT INTO things (id) VALUES (4)');
    await raw.end();
    expect(await cached(two)).toBe(4);
    await expect.poll(() => two.writes!.reliable, { timeout: 10_000, interval: 100 }).toBe(true);
  });
});
