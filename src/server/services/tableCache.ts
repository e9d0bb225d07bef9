import type { Database } from '../db/connect.js';
import { readCache, type ReadCache } from '../db/readCache.js';

/**
 * Small, often-read settings tables (IP lists, risk rules, parameters, customer configuration)
 * cached by the tables they come from. Where the database has a write watch (SQLite; PostgreSQL,
 * whose instances announce their writes, db/pgWatch.ts) any write empties the cache, this
 * process's or another's. Without one, the data API's writes empty it at once and anything else
 * shows within SHARED_TTL_MS.
 */
const SHARED_TTL_MS = 5_000;

type Shared = Map<string, { tables: readonly string[]; entries: Map<string, { value: unknown; until: number }>; epoch: number }>;
// Per database: tests open several in one process.
const byDatabase = new WeakMap<Database, Shared>();
const allShared = new Set<Shared>();

// The cache of each reader and set of tables, found without building its name on every read.
const named = new WeakMap<Database, Map<string, { tables: readonly string[]; cache: ReadCache<unknown> | null }[]>>();
function sameTables(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function localCache<V>(database: Database, reader: string, tables: readonly string[]): ReadCache<V> | null {
  let readers = named.get(database);
  if (!readers) named.set(database, (readers = new Map()));
  let list = readers.get(reader);
  if (!list) readers.set(reader, (list = []));
  let found;
  for (const c of list) if (sameTables(c.tables, tables)) found = c;
  if (!found) {
    // One cache per reader and set of tables: a reader whose tables depend on its key (a service's
    // own configuration table) must be emptied by a write to any of them, not only the first seen.
    const name = `table:${reader}:${tables.join(',')}`;
    const cache = readCache<unknown>(database, name, { tables: [...tables], maxEntries: 5_000, ttlMs: 60_000, seeOtherConnections: true });
    list.push((found = { tables: [...tables], cache }));
  }
  return found.cache as ReadCache<V> | null;
}

/** A value in the cache is answered as it is, one read in a promise. */
export function cachedRead<V>(
  database: Database,
  reader: string,
  tables: readonly string[],
  key: string,
  load: () => Promise<V>,
): V | Promise<V> {
  const local = localCache<V>(database, reader, tables);
  if (local) return local.get(key, load);
  return sharedRead(database, `${reader}:${tables.join(',')}`, tables, key, load);
}

async function sharedRead<V>(database: Database, name: string, tables: readonly string[], key: string, load: () => Promise<V>): Promise<V> {
  let shared = byDatabase.get(database);
  if (!shared) {
    byDatabase.set(database, (shared = new Map()));
    allShared.add(shared);
  }
  let cache = shared.get(name);
  if (!cache) shared.set(name, (cache = { tables, entries: new Map(), epoch: 0 }));
  const hit = cache.entries.get(key);
  if (hit && hit.until > Date.now()) return hit.value as V;
  const epoch = cache.epoch;
  const value = await load();
  if (epoch === cache.epoch) {
    cache.entries.set(key, { value, until: Date.now() + SHARED_TTL_MS });
    if (cache.entries.size > 5_000) cache.entries.delete(cache.entries.keys().next().value!);
  }
  return value;
}

/** Called after a write through the data API (and by server code that writes these tables directly). */
export function tableWritten(table: string): void {
  for (const shared of allShared) {
    for (const cache of shared.values()) {
      if (!cache.tables.includes(table)) continue;
      cache.epoch++;
      cache.entries.clear();
    }
  }
}
