import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** The tables a statement may change; null when that cannot be told (raw SQL), which counts as every table. */
export type WrittenTables = ReadonlySet<string> | null;
export type WriteListener = (tables: WrittenTables) => void;

// Values never hold operation nodes; walking them could mean walking a large user value.
const OPAQUE = new Set(['ValueNode', 'PrimitiveValueListNode']);

function collectTables(node: unknown, out: Set<string>) {
  if (Array.isArray(node)) {
    for (const item of node) if (item && typeof item === 'object') collectTables(item, out);
    return;
  }
  const n = node as { kind?: unknown; table?: { identifier?: { name?: unknown } } };
  if (typeof n.kind !== 'string' || OPAQUE.has(n.kind)) return;
  if (n.kind === 'TableNode' && typeof n.table?.identifier?.name === 'string') out.add(n.table.identifier.name);
  for (const value of Object.values(n)) if (value && typeof value === 'object') collectTables(value, out);
}

// Kysely's nodes are frozen: a statement run again with the same node (db/precompiled.ts) names the same tables.
const known = new WeakMap<RootOperationNode, WrittenTables | undefined>();

/** undefined for a plain read; otherwise every table the statement names (a superset of those it writes). */
export function writtenTables(node: RootOperationNode): WrittenTables | undefined {
  if (known.has(node)) return known.get(node);
  const tables = tablesOf(node);
  known.set(node, tables);
  return tables;
}

function tablesOf(node: RootOperationNode): WrittenTables | undefined {
  // A WITH clause may hold a data-modifying statement (PostgreSQL).
  if (node.kind === 'SelectQueryNode' && !hasWrite(node.with)) return undefined;
  if (node.kind === 'RawNode') return null;
  const tables = new Set<string>();
  collectTables(node, tables);
  return tables.size ? tables : null;
}

function hasWrite(node: unknown): boolean {
  if (Array.isArray(node)) return node.some((item) => item && typeof item === 'object' && hasWrite(item));
  const n = node as { kind?: unknown };
  if (typeof n?.kind !== 'string' || OPAQUE.has(n.kind)) return false;
  if (
    n.kind === 'InsertQueryNode' ||
    n.kind === 'UpdateQueryNode' ||
    n.kind === 'DeleteQueryNode' ||
    n.kind === 'MergeQueryNode' ||
    n.kind === 'RawNode'
  )
    return true;
  return Object.values(n).some((value) => value && typeof value === 'object' && hasWrite(value));
}

// Writes committed through any database of this process (see WriteWatch.sync).
let commitsInProcess = 0;

/**
 * Tells listeners (read caches) about every statement that may change data, whatever code path
 * issued it, as long as it went through this Kysely instance: once before the statement runs and
 * once after it has run. A statement executed already compiled elsewhere (`CompiledQuery.raw`)
 * is only seen after it has run, as a write to every table. Commits by other connections to the
 * same SQLite file are noticed through `externalVersion` (SQLite's data_version), checked by
 * `sync()` before a cache is read.
 */
export class WriteWatch implements KyselyPlugin {
  readonly #listeners = new Set<WriteListener>();
  readonly #byTable = new Map<string, Set<WriteListener>>();
  /** Told of each write once it is visible to other connections (PostgreSQL: sent to the other instances). */
  readonly #published: ((tables: WrittenTables) => Promise<void>)[] = [];
  // Transactions open on a pooled connection (PostgreSQL) and the tables written while any was open.
  #open = 0;
  #pending: Set<string> | null = new Set();
  #reliable = true;
  // undefined for a read; kept per query id, since a stream reports each chunk of its result.
  readonly #queries = new WeakMap<object, WrittenTables | undefined>();
  readonly #externalVersion: () => unknown;
  #lastExternal: unknown;
  #ownCommits = 0;
  // The other databases' commits in this process when externalVersion was last read in this turn.
  #checked: number | null = null;

  constructor(externalVersion: () => unknown) {
    this.#externalVersion = externalVersion;
    this.#lastExternal = externalVersion();
  }

  /**
   * Calls the listener for every write, or with `tables`, only for writes that may touch one of
   * them (and those of unknown tables): a read cache hears the writes to its own tables instead of
   * testing each of the few per statement that every other cache hears too.
   */
  onWrite(listener: WriteListener, tables?: readonly string[]): () => void {
    if (!tables) {
      this.#listeners.add(listener);
      return () => this.#listeners.delete(listener);
    }
    for (const t of tables) {
      let set = this.#byTable.get(t);
      if (!set) this.#byTable.set(t, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const t of tables) this.#byTable.get(t)?.delete(listener);
    };
  }

  /**
   * False while writes made elsewhere may go unnoticed (PostgreSQL: the connection that hears the
   * other instances is down); caches then read through and keep nothing.
   */
  get reliable(): boolean {
    return this.#reliable;
  }

  set reliable(value: boolean) {
    const lost = this.#reliable && !value;
    this.#reliable = value;
    if (lost) this.#emit(null);
  }

  /** Called with the tables of every write once it has committed. */
  onPublish(publish: (tables: WrittenTables) => Promise<void>) {
    this.#published.push(publish);
  }

  /** A write made by another server instance, heard from the database. */
  external(tables: WrittenTables) {
    this.#emit(tables);
  }

  /**
   * With a pool (PostgreSQL) a read on another connection can run between a transaction's write and
   * its commit and see the old rows, so what the transaction wrote is reported again at its end.
   * Several transactions may overlap: the tables are kept until none is open.
   */
  transactionBegan() {
    this.#open++;
  }

  async transactionEnded() {
    this.#open = Math.max(0, this.#open - 1);
    const tables = this.#pending === null ? null : new Set(this.#pending);
    if (this.#open === 0) this.#pending = new Set();
    if (tables && !tables.size) return;
    this.#emit(tables);
    await this.#publish(tables);
  }

  /** A write committed through this database: a statement outside a transaction, or a commit. */
  committed() {
    commitsInProcess++;
    this.#ownCommits++;
  }

  /**
   * Reports any commit made by another connection since the last call as a write to every table.
   * externalVersion is read once per turn of the event loop (a gateway call reads about ten cached
   * settings): another process's commit reaches this one only through a message, which starts a new
   * turn, so nothing in the current turn can depend on it. A commit by another database of this
   * process (two apps on one file in tests) can, and makes the next call read it again.
   */
  sync() {
    const others = commitsInProcess - this.#ownCommits;
    if (this.#checked === others) return;
    if (this.#checked === null) setImmediate(() => (this.#checked = null));
    this.#checked = others;
    const version = this.#externalVersion();
    if (version === this.#lastExternal) return;
    this.#lastExternal = version;
    this.#emit(null);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(node);
    this.#queries.set(queryId, tables);
    if (tables !== undefined) this.#emit(tables);
    return node;
  }

  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#queries.has(queryId) ? this.#queries.get(queryId) : null;
    if (tables !== undefined) {
      this.committed();
      this.#emit(tables);
      if (this.#open > 0) this.#pending = tables === null || this.#pending === null ? null : new Set([...this.#pending, ...tables]);
      // A statement outside a transaction has committed; one inside is published again at the end.
      if (this.#published.length) return this.#publish(tables).then(() => result);
    }
    return Promise.resolve(result);
  }

  #emit(tables: WrittenTables) {
    for (const listener of this.#listeners) listener(tables);
    if (tables !== null && tables.size === 1) {
      for (const t of tables) this.#byTable.get(t)?.forEach((listener) => listener(tables));
      return;
    }
    // A listener of several of the tables is told once.
    const told = new Set<WriteListener>();
    for (const set of tables === null ? this.#byTable.values() : [...tables].map((t) => this.#byTable.get(t)))
      set?.forEach((listener) => told.add(listener));
    for (const listener of told) listener(tables);
  }

  async #publish(tables: WrittenTables) {
    for (const publish of this.#published) await publish(tables);
  }
}
