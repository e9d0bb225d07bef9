import type { Database } from './connect.js';
import type { WriteWatch } from './writeWatch.js';

export interface ReadCacheOptions {
  /** Tables whose rows the cached values are read from; a write to any of them empties the cache. */
  tables: readonly string[];
  maxEntries: number;
  ttlMs: number;
  /**
   * Check before reading for commits by other connections to the file (a second process, the
   * sqlite3 shell), once per turn of the event loop (WriteWatch.sync); without it, those show once
   * the TTL has passed.
   */
  seeOtherConnections?: boolean;
}

/**
 * Results of reads kept by key until a write that may change them. A value is kept only if no
 * such write started or finished while it was being read, so a read that raced a write is
 * answered but never remembered. On SQLite that is enough because Kysely's driver runs one
 * statement or one whole transaction at a time on its single connection. On PostgreSQL a read on
 * another pooled connection may run between a transaction's write and its commit: the watch
 * reports the transaction's tables again when it ends, and the other instances' writes as they
 * hear them (pgWatch.ts), a few hundred microseconds after their commit.
 */
export class ReadCache<V> {
  readonly #entries = new Map<string, { value: V; until: number }>();
  readonly #watch: WriteWatch;
  readonly #options: ReadCacheOptions;
  #epoch = 0;

  constructor(watch: WriteWatch, options: ReadCacheOptions) {
    this.#watch = watch;
    this.#options = options;
    watch.onWrite(() => {
      this.#epoch++;
      this.#entries.clear();
    }, options.tables);
  }

  /**
   * The cached value of `key`, or what `load` reads (kept when `keep` agrees). A value in the cache
   * is answered as it is, not in a promise: a gateway call reads about ten.
   */
  get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): V | Promise<V> {
    if (this.#options.seeOtherConnections) this.#watch.sync();
    if (!this.#watch.reliable) return load();
    const hit = this.#entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    return this.#load(key, load, keep);
  }

  async #load(key: string, load: () => Promise<V>, keep: (value: V) => boolean): Promise<V> {
    const epoch = this.#epoch;
    const value = await load();
    if (epoch === this.#epoch && this.#watch.reliable && keep(value)) {
      this.#entries.delete(key);
      this.#entries.set(key, { value, until: Date.now() + this.#options.ttlMs });
      if (this.#entries.size > this.#options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    }
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }
}

const byDatabase = new WeakMap<WriteWatch, Map<string, ReadCache<unknown>>>();

/** The named cache of a database, created on first use; null where the database has no write watch. */
export function readCache<V>(database: Database, name: string, options: ReadCacheOptions): ReadCache<V> | null {
  const watch = database.writes;
  if (!watch) return null;
  let caches = byDatabase.get(watch);
  if (!caches) byDatabase.set(watch, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = new ReadCache<unknown>(watch, options)));
  return cache as ReadCache<V>;
}
