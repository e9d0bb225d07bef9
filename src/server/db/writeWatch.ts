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

  constructor(externalVersion: () => unknown) {
    this.#externalVersion = externalVersion;
    this.#lastExternal = externalVersion();
  }

  onWrite(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
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

  /** Reports any commit made by another connection since the last call as a write to every table. */
  sync() {
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

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#queries.has(queryId) ? this.#queries.get(queryId) : null;
    if (tables !== undefined) {
      this.#emit(tables);
      if (this.#open > 0) this.#pending = tables === null || this.#pending === null ? null : new Set([...this.#pending, ...tables]);
      // A statement outside a transaction has committed; one inside is published again at the end.
      await this.#publish(tables);
    }
    return result;
  }

  #emit(tables: WrittenTables) {
    for (const listener of this.#listeners) listener(tables);
  }

  async #publish(tables: WrittenTables) {
    for (const publish of this.#published) await publish(tables);
  }
}
