import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamicView, openDatabase, type Database } from './connect.js';
import { BUSY_WAIT_MS } from './sqliteBusy.js';

describe('two connections of one process on one SQLite file', () => {
  let dir: string;
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-busy-'));
    a = await openDatabase({ dataDir: dir });
    b = await openDatabase({ dataDir: dir });
    await a.db.schema
      .createTable('things')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('note', 'text')
      .execute();
    await dynamicView(a.db).insertInto('things').values({ id: 1, note: 'first' }).execute();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits for a lock held across turns of the event loop without stopping the loop, then writes', async () => {
    // A holds the write lock while it awaits (as a transaction of several statements does).
    const trx = await a.db.startTransaction().execute();
    await dynamicView(trx).updateTable('things').set({ note: 'by a' }).where('id', '=', 1).execute();
    const started = Date.now();
    const writeB = dynamicView(b.db).updateTable('things').set({ note: 'by b' }).where('id', '=', 1).execute();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    // B's wait must leave the loop free, or this commit would come only after B gave up.
    await new Promise((resolve) => setTimeout(resolve, 60));
    await trx.commit().execute();
    await writeB;
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(3);
    expect(Date.now() - started).toBeLessThan(BUSY_WAIT_MS);
    const row = await dynamicView(a.db).selectFrom('things').select('note').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.note).toBe('by b');
  });

  it('gives up with "database is locked" when the lock is never released', async () => {
    const trx = await a.db.startTransaction().execute();
    await dynamicView(trx).updateTable('things').set({ note: 'held' }).where('id', '=', 1).execute();
    try {
      await expect(dynamicView(b.db).updateTable('things').set({ note: 'never' }).where('id', '=', 1).execute()).rejects.toThrow(
        /database is locked/,
      );
    } finally {
      await trx.rollback().execute();
    }
    const row = await dynamicView(b.db).selectFrom('things').select('note').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.note).toBe('by b');
  }, 20_000);
});
