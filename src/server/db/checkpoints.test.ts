import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from './connect.js';
import { CHECKPOINT_INTERVAL_MS } from './checkpoints.js';

/**
 * The WAL index (the -shm file) as SQLite lays it out: the header's mxFrame (frames in the log) at
 * byte 16 and the checkpoint's nBackfill (frames copied into the database file) at byte 96, both in
 * the machine's byte order. Read from the file, it tells what was checkpointed without checkpointing.
 */
function walIndex(dir: string): { frames: number; copied: number } {
  const shm = fs.readFileSync(path.join(dir, 'app.db-shm')).subarray(0, 136);
  const read = (at: number) => (os.endianness() === 'LE' ? shm.readUInt32LE(at) : shm.readUInt32BE(at));
  return { frames: read(16), copied: read(96) };
}

describe('checkpoints on a background connection', () => {
  let dir: string;
  let database: Database;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-ckpt-'));
    database = await openDatabase({ dataDir: dir });
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies the committed log into the database file without the main connection doing it', async () => {
    await sql`create table notes (id integer primary key, body text)`.execute(database.db);
    // About 400 pages: under the main connection's own threshold, so only the background connection checkpoints them.
    await sql`insert into notes (body) with recursive n(i) as (select 1 union all select i + 1 from n where i < 1500) select printf('%.1000c', 'x') from n`.execute(
      database.db,
    );
    const frames = walIndex(dir).frames;
    expect(frames).toBeGreaterThan(300);
    await expect
      .poll(() => walIndex(dir).copied, { timeout: CHECKPOINT_INTERVAL_MS * 20, interval: CHECKPOINT_INTERVAL_MS / 5 })
      .toBe(frames);
    // The next write starts the log over from its first frame instead of growing it.
    await sql`insert into notes (body) values ('next')`.execute(database.db);
    expect(walIndex(dir).frames).toBeLessThan(frames);
  });

  it('leaves no log behind when the database is closed', async () => {
    await sql`create table notes (id integer primary key, body text)`.execute(database.db);
    await sql`insert into notes (body) values ('kept')`.execute(database.db);
    expect(fs.existsSync(path.join(dir, 'app.db-wal'))).toBe(true);
    await database.close();
    expect(fs.existsSync(path.join(dir, 'app.db-wal'))).toBe(false);
    database = await openDatabase({ dataDir: dir });
    const rows = await sql<{ body: string }>`select body from notes`.execute(database.db);
    expect(rows.rows).toEqual([{ body: 'kept' }]);
  });
});
