import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../client/request';
import { onSessionReset } from '../client/token';

/** One reference option as the options endpoint answers it. */
export interface RefOption {
  value: string | number;
  label: string;
}

/** The server reads at most this many ids per call. */
const MAX_IDS = 200;

export const optionsUrl = (refPage: string) => `/open-platform/data/${encodeURIComponent(refPage)}/options`;

/**
 * Labels of referenced records, batched and cached: every cell on screen asks for its ids, and the
 * ids asked for the same page within one tick go out as one `?ids=` call. Keys are compared as
 * strings so that numeric ids and string codes both work. `null` = the record does not exist.
 */
const cache = new Map<string, Map<string, string | null>>();
const failed = new Map<string, Set<string>>();
const queued = new Map<string, Set<string>>();
const inflight = new Map<string, Set<string>>();
const listeners = new Set<() => void>();
let version = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

function bump() {
  version++;
  listeners.forEach((l) => l());
}

const pageMap = <V>(m: Map<string, V>, page: string, make: () => V): V => {
  let v = m.get(page);
  if (v === undefined) {
    v = make();
    m.set(page, v);
  }
  return v;
};

/** The cached label: a string, null when the record is gone, undefined when unknown yet. */
export function peekLabel(refPage: string, id: unknown): string | null | undefined {
  return cache.get(refPage)?.get(String(id));
}

export function hasFailed(refPage: string, id: unknown): boolean {
  return failed.get(refPage)?.has(String(id)) ?? false;
}

/** Remembers labels learnt elsewhere (a search answer), so cells need no call for them. */
export function rememberOptions(refPage: string, options: RefOption[]) {
  const m = pageMap(cache, refPage, () => new Map());
  let changed = false;
  for (const o of options) {
    const k = String(o.value);
    if (m.get(k) !== o.label) {
      m.set(k, o.label);
      changed = true;
    }
  }
  if (changed) bump();
}

/** Asks for the labels of these ids; ids already known, queued or in flight are not asked again. */
export function requestLabels(refPage: string, ids: unknown[]) {
  const known = cache.get(refPage);
  const flying = inflight.get(refPage);
  const bad = failed.get(refPage);
  const q = pageMap(queued, refPage, () => new Set());
  for (const id of ids) {
    if (id === null || id === undefined || id === '') continue;
    const k = String(id);
    if (known?.has(k) || flying?.has(k) || bad?.has(k)) continue;
    q.add(k);
  }
  if (q.size && !timer) timer = setTimeout(flush, 0);
}

function flush() {
  timer = null;
  const batches = [...queued.entries()];
  queued.clear();
  for (const [page, keys] of batches) {
    const all = [...keys];
    for (let i = 0; i < all.length; i += MAX_IDS) void fetchBatch(page, all.slice(i, i + MAX_IDS));
  }
}

async function fetchBatch(page: string, keys: string[]) {
  const flying = pageMap(inflight, page, () => new Set());
  keys.forEach((k) => flying.add(k));
  try {
    const options = await api.get<RefOption[]>(optionsUrl(page), { ids: keys.join(',') }, { silent: true });
    const m = pageMap(cache, page, () => new Map());
    for (const k of keys) m.set(k, null);
    for (const o of options ?? []) m.set(String(o.value), o.label);
  } catch {
    const f = pageMap(failed, page, () => new Set());
    keys.forEach((k) => f.add(k));
  } finally {
    keys.forEach((k) => flying.delete(k));
    bump();
  }
}

/** Forgets cached labels (of one page, or all): after a referenced record changed, or at logout. */
export function invalidateRefLabels(refPage?: string) {
  if (refPage) {
    cache.delete(refPage);
    failed.delete(refPage);
  } else {
    cache.clear();
    failed.clear();
  }
  bump();
}

// A new user sees labels read with their own grants.
onSessionReset(() => invalidateRefLabels());

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export interface RefLabelState {
  /** Label per id, in order: the raw id when the record is missing or the call failed. */
  labels: string[];
  loading: boolean;
}

/** Labels of the given ids of a page; re-renders when they arrive. */
export function useRefLabels(refPage: string | undefined, ids: unknown[]): RefLabelState {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const clean = ids.filter((id) => id !== null && id !== undefined && id !== '');
  const key = clean.map(String).join('\u0001');
  useEffect(() => {
    if (refPage && key) requestLabels(refPage, key.split('\u0001'));
  }, [refPage, key]);
  if (!refPage) return { labels: clean.map(String), loading: false };
  let loading = false;
  const labels = clean.map((id) => {
    const label = peekLabel(refPage, id);
    if (label === undefined && !hasFailed(refPage, id)) loading = true;
    return label ?? String(id);
  });
  return { labels, loading };
}

/** Test helper: empties the cache and pending work. */
export function resetRefLabelsForTests() {
  cache.clear();
  failed.clear();
  queued.clear();
  inflight.clear();
  if (timer) clearTimeout(timer);
  timer = null;
  version = 0;
}
