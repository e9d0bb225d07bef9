import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, dynamicView } from './connect.js';
import { readCache, ReadCache } from './readCache.js';
import { writtenTables } from './writeWatch.js';

describe('tables a statement writes', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-watch-'));
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const tables = (q: { toOperationNode(): unknown }) => {
    const t = writtenTables(q.toOperationNode() as never);
    return t === undefined || t === null ? t : [...t].sort();
  };

  it('names the tables of writes and none for reads', () => {
    // Tables made up for the test: the dynamic view names them.
    const db = dynamicView(database.db);
    expect(tables(db.selectFrom('a').innerJoin('b', 'b.id', 'a.id').selectAll())).toBeUndefined();
    expect(tables(db.insertInto('a').values({ n: 1, note: 'TableNode' }))).toEqual(['a']);
    // A superset is enough: column references name their table or alias too.
    expect(tables(db.updateTable('a as x').set({ n: 2 }).where('x.id', 'in', db.selectFrom('b').select('id')))).toEqual(
      expect.arrayContaining(['a', 'b']),
    );
    expect(tables(db.deleteFrom('c').where('id', '=', 1))).toEqual(['c']);
    expect(tables(db.schema.createTable('d').addColumn('id', 'integer'))).toEqual(['d']);
    expect(tables(sql`delete from a`)).toBeNull();
    expect(
      tables(
        db
          .with('w', (qb) => qb.selectFrom('a').select('id'))
          .selectFrom('w')
          .selectAll(),
      ),
    ).toBeUndefined();
    expect(
      tables(
        db
          .with('w', (qb) => qb.deleteFrom('a').returning('id'))
          .selectFrom('w')
          .selectAll(),
      ),
    ).toEqual(['a', 'w']);
  });
});

describe('read cache on SQLite', () => {
  let database: Database;
  let dir: string;
  let n = 0;
  const options = { tables: ['things'], maxEntries: 3, ttlMs: 60_000, seeOtherConnections: true };
  const cache = () => readCache<number>(database, 'things', options)!;
  const count = async () => {
    n++;
    const row = await dynamicView(database.db)
      .selectFrom('things')
      .select((eb) => eb.fn.countAll().as('c'))
      .executeTakeFirstOrThrow();
    return Number(row.c);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-cache-'));
    database = await openDatabase({ dataDir: dir });
    await database.db.schema
      .createTable('things')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    await database.db.schema
      .createTable('others')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a value until a write to its tables, whatever code path makes it', async () => {
    expect(cache()).toBeInstanceOf(ReadCache);
    expect(readCache(database, 'things', options)).toBe(cache());
    const reads = n;
    expect(await cache().get('all', count)).toBe(0);
    expect(await cache().get('all', count)).toBe(0);
    expect(n - reads).toBe(1);

    await dynamicView(database.db).insertInto('others').values({ id: 1 }).execute();
    expect(await cache().get('all', count)).toBe(0);
    expect(n - reads).toBe(1);

    await dynamicView(database.db).insertInto('things').values({ id: 1 }).execute();
    expect(await cache().get('all', count)).toBe(1);
    await database.db.transaction().execute(async (trx) => {
      await dynamicView(trx).insertInto('things').values({ id: 2 }).execute();
    });
    expect(await cache().get('all', count)).toBe(2);
    await sql`delete from things where id = 2`.execute(database.db);
    expect(await cache().get('all', count)).toBe(1);
    await database.db.executeQuery(CompiledQuery.raw('insert into things (id) values (2)'));
    expect(await cache().get('all', count)).toBe(2);
    expect(n - reads).toBe(5);
  });

  it('does not keep a value read while a write ran', async () => {
    await cache().get('race', async () => {
      const before = await count();
      await dynamicView(database.db).insertInto('things').values({ id: 3 }).execute();
      return before;
    });
    expect(await cache().get('race', count)).toBe(3);
  });

  it('sees commits made by another connection to the file', async () => {
    expect(await cache().get('all', count)).toBe(3);
    const other = new BetterSqlite3(path.join(dir, 'app.db'));
    try {
      other.prepare('insert into things (id) values (?)').run(10);
    } finally {
      other.close();
    }
    // Another process's commit is seen from the next turn of the event loop, which any message
    // from that process starts.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache().get('all', count)).toBe(4);
  });

  it('sees at once the commits of another database of this process on the file', async () => {
    const second = await openDatabase({ dataDir: dir });
    try {
      expect(await cache().get('all', count)).toBe(4);
      await dynamicView(second.db).insertInto('things').values({ id: 11 }).execute();
      expect(await cache().get('all', count)).toBe(5);
      await second.db.transaction().execute(async (trx) => {
        await dynamicView(trx).insertInto('things').values({ id: 12 }).execute();
        expect(await cache().get('all', count)).toBe(5);
      });
      expect(await cache().get('all', count)).toBe(6);
    } finally {
      await second.close();
    }
  });

  it('tells a listener of some tables only of the writes that may touch them, once a statement', async () => {
    const heard: { who: string; tables: string[] | null }[] = [];
    const listen = (who: string, tables: string[]) =>
      database.writes!.onWrite((t) => heard.push({ who, tables: t && [...t].sort() }), tables);
    const offs = [listen('things', ['things']), listen('both', ['things', 'others'])];
    try {
      await dynamicView(database.db).insertInto('others').values({ id: 20 }).execute();
      await dynamicView(database.db)
        .deleteFrom('things')
        .where('id', 'in', dynamicView(database.db).selectFrom('others').select('id'))
        .execute();
      await sql`delete from others where id = 20`.execute(database.db);
    } finally {
      for (const off of offs) off();
    }
    // Each statement is told before it runs and after.
    const others = { who: 'both', tables: ['others'] };
    const join = ['others', 'things'];
    expect(heard).toEqual([
      others,
      others,
      ...[join, join, null, null].flatMap((tables) => [
        { who: 'things', tables },
        { who: 'both', tables },
      ]),
    ]);
  });

  it('keeps at most maxEntries values and none past their time', async () => {
    for (const key of ['a', 'b', 'c', 'd']) await cache().get(key, count);
    expect(cache().size).toBe(3);
    const short = readCache<number>(database, 'short', { ...options, ttlMs: 1 })!;
    await short.get('k', count);
    await new Promise((r) => setTimeout(r, 5));
    const reads = n;
    await short.get('k', count);
    expect(n - reads).toBe(1);
  });
});
