import type { Database } from '../db/connect.js';
import { readCache } from '../db/readCache.js';

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

export async function cachedRead<V>(
  database: Database,
  reader: string,
  tables: readonly string[],
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  // One cache per reader and set of tables: a reader whose tables depend on its key (a service's
  // own configuration table) must be emptied by a write to any of them, not only the first seen.
  const name = `${reader}:${tables.join(',')}`;
  const local = readCache<V>(database, `table:${name}`, { tables, maxEntries: 5_000, ttlMs: 60_000, seeOtherConnections: true });
  if (local) return local.get(key, load);
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
