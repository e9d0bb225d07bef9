import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { BulkInsert } from './bulkInsert.js';
import type { WrittenTables } from './writeWatch.js';
import { dynamicView } from './connect.js';

describe.each(dialects())('bulk inserts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const COLUMNS = [
    'phone',
    'holderName',
    'purpose',
    'expiresAt',
    'status',
    'remark',
    'createdAt',
    'updatedAt',
    'createdBy',
    'updatedBy',
    'version',
  ];
  const row = (i: number) => [
    `1370${String(i).padStart(7, '0')}`,
    `持有人 "${i}" \\ {}`,
    'smsLogin',
    i % 2 ? null : '2027-06-30T10:00:00.000Z',
    'active',
    i % 3 ? null : `第 ${i} 行,\n`,
    'c',
    'u',
    'admin',
    'admin',
    1,
  ];

  it("writes every row in chunks, returns the ids in the rows' order, and tells the write watch", async () => {
    const db = t.app.ctx.database.db;
    const seen: WrittenTables[] = [];
    const stop = t.app.ctx.database.writes!.onWrite((tables) => seen.push(tables));
    const rows = Array.from({ length: 1234 }, (_, i) => row(i));
    const ids = await db.transaction().execute(async (trx) => {
      const bulk = new BulkInsert(trx, dialect, 'sec_phone_whitelist', COLUMNS, true);
      // Two calls: the statement built for the first is used again by the second.
      return [...(await bulk.insert(rows.slice(0, 1000))), ...(await bulk.insert(rows.slice(1000)))];
    });
    stop();
    expect(ids).toHaveLength(1234);
    const stored = await dynamicView(db)
      .selectFrom('sec_phone_whitelist')
      .select(['id', ...COLUMNS])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(stored.map((s) => [Number(s.id), s]));
    ids.forEach((id, i) => expect(COLUMNS.map((c) => byId.get(id)![c])).toEqual(row(i)));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((tables) => tables !== null && tables.has('sec_phone_whitelist'))).toBe(true);
  });

  it('writes nothing when the transaction fails', async () => {
    const db = t.app.ctx.database.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('sec_phone_whitelist')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(
      db.transaction().execute(async (trx) => {
        const bulk = new BulkInsert(trx, dialect, 'sec_phone_whitelist', COLUMNS, false);
        await bulk.insert([row(5000), row(5001)]);
        await bulk.insert([row(5002), row(5000)]);
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
  });
});
