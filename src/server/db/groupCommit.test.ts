import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type Db, dynamicView } from './connect.js';
import { atomically, groupCommit } from './groupCommit.js';
import { precompile } from './precompiled.js';
import { readCache } from './readCache.js';

const addRow = precompile(2, (db, id: number, note: string) =>
  dynamicView(db).insertInto('things').values({ id, note }).returning(['id', 'note']),
);
const count = async (database: Database) =>
  Number(
    (
      await dynamicView(database.db)
        .selectFrom('things')
        .select((eb) => eb.fn.countAll().as('c'))
        .executeTakeFirstOrThrow()
    ).c,
  );

describe('write units on SQLite', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-group-'));
    database = await openDatabase({ dataDir: dir });
    await database.db.schema
      .createTable('things')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('note', 'text')
      .execute();
    await database.db.schema
      .createTable('other')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits concurrent units together, and a unit that fails leaves nothing while the others stay', async () => {
    const begins: number[] = [];
    const transactions = vi.spyOn(database.db, 'startTransaction');
    const file = new BetterSqlite3(path.join(dir, 'app.db'), { readonly: true });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        groupCommit(database, async (trx) => {
          begins.push(i);
          await dynamicView(trx)
            .insertInto('things')
            .values({ id: 100 + i, note: 'unit' })
            .execute();
          await dynamicView(trx)
            .insertInto('other')
            .values({ id: 100 + i })
            .execute();
          // Every third unit fails after its first statements: none of its rows may remain.
          if (i % 3 === 0) throw new Error(`unit ${i} refused`);
          return i;
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message)).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    // Answered only once committed: another connection to the file sees the rows.
    expect(file.prepare('select count(*) as c from things').get()).toEqual({ c: 20 });
    expect(file.prepare('select count(*) as c from other').get()).toEqual({ c: 20 });
    expect(file.prepare('select count(*) as c from things where (id - 100) % 3 = 0').get()).toEqual({ c: 0 });
    file.close();
    expect(begins).toHaveLength(30);
    // Units started in one turn of the event loop share one transaction.
    expect(transactions).toHaveBeenCalledTimes(1);
    transactions.mockRestore();
  });

  it('a failed one-statement unit undoes only itself', async () => {
    await addRow.execute(database.db, 1, 'first');
    const outcomes = await Promise.allSettled([
      groupCommit(database, (trx) => addRow.execute(trx, 2, 'second'), { single: true }),
      groupCommit(database, (trx) => addRow.execute(trx, 1, 'duplicate'), { single: true }),
      groupCommit(database, (trx) => addRow.execute(trx, 3, 'third'), { single: true }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await dynamicView(database.db).selectFrom('things').select(['id', 'note']).where('id', '<', 10).orderBy('id').execute()).toEqual(
      [
        { id: 1, note: 'first' },
        { id: 2, note: 'second' },
        { id: 3, note: 'third' },
      ],
    );
  });

  it('runs precompiled statements with new arguments, seen by the read caches', async () => {
    const cache = readCache<number>(database, 'things-count', { tables: ['things'], maxEntries: 10, ttlMs: 60_000 })!;
    const before = await cache.get('all', () => count(database));
    expect(await cache.get('all', async () => -1)).toBe(before);
    expect(await addRow.first(database.db, 50, 'fifty')).toEqual({ id: 50, note: 'fifty' });
    expect(await cache.get('all', () => count(database))).toBe(before + 1);
    expect((await addRow.first(database.db, 51, 'fifty-one'))?.note).toBe('fifty-one');
  });

  it('runs precompiled statements of a batch on its connection, seen by the read caches', async () => {
    const cache = readCache<number>(database, 'things-in-batch', { tables: ['things'], maxEntries: 10, ttlMs: 60_000 })!;
    const before = await cache.get('all', () => count(database));
    const rows = await Promise.all(
      [70, 71].map((id) => groupCommit(database, (trx) => addRow.first(trx, id, 'batched'), { single: true })),
    );
    expect(rows).toEqual([
      { id: 70, note: 'batched' },
      { id: 71, note: 'batched' },
    ]);
    expect(await cache.get('all', () => count(database))).toBe(before + 2);
  });

  it('keeps a unit\u2019s other statements when its atomic part is refused, alone, in a batch or in a caller\u2019s transaction', async () => {
    const unit = (id: number) => async (trx: Db) => {
      await addRow.execute(trx, id, 'kept');
      return atomically(trx, async (inner) => {
        await addRow.execute(inner, id + 1, 'atomic');
        await addRow.execute(inner, id + 2, 'atomic');
        if (id % 2) throw new Error('refused');
        return id;
      });
    };
    const outcomes = await Promise.allSettled([200, 211, 220].map((id) => groupCommit(database, unit(id), { single: true })));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await expect(groupCommit(database, unit(231), { single: true })).rejects.toThrow('refused');
    await database.db.transaction().execute(async (trx) => {
      await expect(groupCommit({ ...database, db: trx }, unit(241), { single: true })).rejects.toThrow('refused');
    });
    const rows = await dynamicView(database.db).selectFrom('things').select(['id', 'note']).where('id', '>=', 200).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 200, note: 'kept' },
      { id: 201, note: 'atomic' },
      { id: 202, note: 'atomic' },
      { id: 211, note: 'kept' },
      { id: 220, note: 'kept' },
      { id: 221, note: 'atomic' },
      { id: 222, note: 'atomic' },
      { id: 231, note: 'kept' },
      { id: 241, note: 'kept' },
    ]);
  });

  it('runs a unit directly inside a caller\u2019s transaction', async () => {
    await database.db.transaction().execute(async (trx) => {
      await groupCommit({ ...database, db: trx }, (inner) =>
        dynamicView(inner).insertInto('things').values({ id: 60, note: 'nested' }).execute(),
      );
    });
    expect(await dynamicView(database.db).selectFrom('things').select('note').where('id', '=', 60).executeTakeFirst()).toEqual({
      note: 'nested',
    });
  });
});
