import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Longer statements are bulk inserts built for one batch size: a bulk import runs the same one chunk
 * after chunk, but kept with the short ones they would push those out, so they have a small cache of
 * their own.
 */
const MAX_SQL_LENGTH = 4096;
const LONG_CAPACITY = 4;

/**
 * better-sqlite3 behind a statement cache. Kysely's SQLite driver calls prepare() for every query,
 * and preparing costs about as much as running a short indexed query; the SQL a page's requests
 * produce repeats, so statements are kept by SQL text, the least recently used dropped first.
 */
export function withStatementCache(file: BetterSqlite3.Database, capacity = 256): SqliteDatabase {
  const short = new Map<string, BetterSqlite3.Statement>();
  const long = new Map<string, BetterSqlite3.Statement>();
  return {
    close() {
      short.clear();
      long.clear();
      file.close();
    },
    prepare(sql: string) {
      const cache = sql.length <= MAX_SQL_LENGTH ? short : long;
      const cached = cache.get(sql);
      if (cached) {
        // A statement whose iterator is still open (an unfinished stream) cannot run again; this
        // caller gets a statement of its own, and the cached one is free again once that stream ends.
        if (cached.busy) return file.prepare(sql);
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const stmt = file.prepare(sql);
      cache.set(sql, stmt);
      if (cache.size > (cache === short ? capacity : LONG_CAPACITY)) cache.delete(cache.keys().next().value!);
      return stmt;
    },
  };
}
