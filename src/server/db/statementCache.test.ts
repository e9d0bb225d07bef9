import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statementCache.js';

describe('statement cache for SQLite', () => {
  let dir: string;
  let file: BetterSqlite3.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-stmt-'));
    file = new BetterSqlite3(path.join(dir, 'app.db'));
    file.exec('create table t (id integer primary key, n integer not null)');
    const insert = file.prepare('insert into t (n) values (?)');
    for (let i = 1; i <= 50; i++) insert.run(i);
  });
  afterEach(() => {
    if (file.open) file.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const SQL = 'select id, n from t where n > ? order by id';

  it('hands out the same statement for the same SQL, with each call bound to its own values', () => {
    const db = withStatementCache(file);
    const a = db.prepare(SQL);
    expect(db.prepare(SQL)).toBe(a);
    expect(db.prepare(SQL).all([48])).toEqual([
      { id: 49, n: 49 },
      { id: 50, n: 50 },
    ]);
    expect(db.prepare(SQL).all([49])).toEqual([{ id: 50, n: 50 }]);
    expect(db.prepare('insert into t (n) values (?)').run([51]).changes).toBe(1);
    expect(db.prepare(SQL).all([50])).toEqual([{ id: 51, n: 51 }]);
  });

  it('gives a second caller its own statement while the cached one is being iterated', () => {
    const db = withStatementCache(file);
    const first = db.prepare(SQL).iterate([0]);
    const firstRows = [first.next().value, first.next().value];
    // The same SQL again, while the first iterator is open: both all() and a second iterator work.
    expect(db.prepare(SQL).all([45])).toHaveLength(5);
    const second = db.prepare(SQL).iterate([40]);
    const secondRows = [...second];
    for (const row of first) firstRows.push(row);
    expect(firstRows.map((r) => (r as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(secondRows.map((r) => (r as { n: number }).n)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    // Once the iteration is over, the cached statement is free again.
    expect(db.prepare(SQL).all([49])).toEqual([{ id: 50, n: 50 }]);
  });

  it('frees a statement whose iteration stopped early', () => {
    const db = withStatementCache(file);
    const cached = db.prepare(SQL);
    for (const row of cached.iterate([0])) if ((row as { n: number }).n === 3) break;
    expect(db.prepare(SQL)).toBe(cached);
    expect(cached.all([48])).toHaveLength(2);
  });

  it('keeps at most `capacity` statements, dropping the least recently used', () => {
    const db = withStatementCache(file, 2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
  });

  it('keeps a few long statements (bulk inserts) apart, so they push out no short ones', () => {
    const db = withStatementCache(file, 2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    const longSql = (k: number) => `insert into t (n) values ${Array.from({ length: 1000 }, () => `(${k})`).join(', ')}`;
    const bulk = db.prepare(longSql(1));
    for (let k = 2; k <= 4; k++) db.prepare(longSql(k));
    expect(db.prepare(longSql(1))).toBe(bulk);
    for (let k = 5; k <= 9; k++) db.prepare(longSql(k));
    expect(db.prepare(longSql(1))).not.toBe(bulk);
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).toBe(b);
  });

  it('serves Kysely queries and streams of the same SQL', async () => {
    const db = new Kysely<{ t: { id: number; n: number } }>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
    const query = (min: number) => db.selectFrom('t').select(['id', 'n']).where('n', '>', min).orderBy('id');
    const streamed: number[] = [];
    const listed: number[][] = [];
    await Promise.all([
      (async () => {
        for await (const row of query(40).stream()) streamed.push(row.n);
      })(),
      (async () => {
        listed.push((await query(47).execute()).map((r) => r.n));
      })(),
      (async () => {
        listed.push((await query(48).execute()).map((r) => r.n));
      })(),
    ]);
    expect(streamed).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(listed).toEqual([
      [48, 49, 50],
      [49, 50],
    ]);
    await db.destroy();
    expect(file.open).toBe(false);
  });
});
