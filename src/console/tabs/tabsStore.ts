import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../engine/session/store';

export interface Tab {
  /** Stable identity: a page opened twice with different parameters has two keys. */
  key: string;
  path: string;
  fullPath: string;
  title: string;
  affix: boolean;
  noCache: boolean;
}

export interface TabsState {
  tabs: Tab[];
  active: string | null;
  /** Bumped per tab to remount it (refresh) and globally to drop every cached view (size change). */
  generation: Record<string, number>;
  epoch: number;
}

/** How many pages stay alive (mounted while hidden); older ones remount when revisited. */
export const MAX_ALIVE = 8;
const STORAGE = 'console.tabs';

let state: TabsState = { tabs: [], active: null, generation: {}, epoch: 0 };
let owner = '';
const listeners = new Set<() => void>();

function emit(next: TabsState) {
  state = next;
  if (owner) sessionStorage.setItem(`${STORAGE}:${owner}`, JSON.stringify({ tabs: state.tabs, active: state.active }));
  listeners.forEach((l) => l());
}

const split = (fullPath: string) => {
  const i = fullPath.indexOf('?');
  return i < 0 ? { path: fullPath, query: '' } : { path: fullPath.slice(0, i), query: fullPath.slice(i + 1) };
};

/** A deterministic key for a further tab of the same path, so render and visit agree on it. */
function newKey(tabs: Tab[], path: string): string {
  if (!tabs.some((t) => t.key === path)) return path;
  for (let n = 2; ; n++) if (!tabs.some((t) => t.key === `${path}#${n}`)) return `${path}#${n}`;
}

/**
 * Which tab a navigation lands in: a change of query inside the active page stays in its tab; an
 * exact match activates that tab; a plain visit to an open page activates it; anything else opens
 * a new tab. Pure, so the page being rendered and the store agree before the store is updated.
 */
function resolve(s: TabsState, fullPath: string): { key: string; existing: boolean; sameTab: boolean } {
  const { path, query } = split(fullPath);
  const exact = s.tabs.find((t) => t.fullPath === fullPath);
  if (exact) return { key: exact.key, existing: true, sameTab: false };
  const active = s.tabs.find((t) => t.key === s.active);
  if (active && active.path === path) return { key: active.key, existing: true, sameTab: true };
  const samePath = s.tabs.find((t) => t.path === path);
  if (samePath && !query) return { key: samePath.key, existing: true, sameTab: false };
  return { key: newKey(s.tabs, path), existing: false, sameTab: false };
}

export const tabsStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },

  /** Restores the tabs of this user's last visit in this browser tab (they survive a reload). */
  restore(user: string, affixed: Omit<Tab, 'key'>[]) {
    if (owner === user && state.tabs.length) return;
    owner = user;
    let saved: { tabs: Tab[]; active: string | null } = { tabs: [], active: null };
    try {
      saved = JSON.parse(sessionStorage.getItem(`${STORAGE}:${user}`) ?? 'null') ?? saved;
    } catch {
      /* damaged storage: start with the affixed tabs */
    }
    const tabs = [...affixed.filter((a) => !saved.tabs.some((t) => t.path === a.path)).map((a) => ({ ...a, key: a.path })), ...saved.tabs];
    emit({ ...state, tabs, active: saved.active });
  },

  /** The key of the tab a navigation to this address lands in (see resolve). */
  keyFor(fullPath: string): string {
    return resolve(state, fullPath).key;
  },

  /**
   * Records a navigation. `replaces` names the address of a tab the navigation finishes (a form that
   * was saved): that tab closes, and a new tab takes its place in the strip.
   */
  visit(fullPath: string, title: string, opts: { affix?: boolean; noCache?: boolean; replaces?: string } = {}): string {
    const { path } = split(fullPath);
    const done = opts.replaces && opts.replaces !== fullPath ? state.tabs.find((t) => t.fullPath === opts.replaces && !t.affix) : undefined;
    // Resolved as if the finished tab were gone, so the address never lands back in it.
    const rest = done
      ? { ...state, tabs: state.tabs.filter((t) => t !== done), active: state.active === done.key ? null : state.active }
      : state;
    const target = resolve(rest, fullPath);
    let tabs: Tab[];
    if (!target.existing) {
      const tab = { key: target.key, path, fullPath, title, affix: Boolean(opts.affix), noCache: Boolean(opts.noCache) };
      tabs = done ? state.tabs.map((t) => (t === done ? tab : t)) : [...state.tabs, tab];
    } else tabs = rest.tabs.map((t) => (t.key === target.key ? { ...t, fullPath: target.sameTab ? fullPath : t.fullPath, title } : t));
    if (tabs !== state.tabs || state.active !== target.key) emit({ ...state, tabs, active: target.key });
    return target.key;
  },

  /** Closes tabs (affixed ones stay); answers where to go when the active tab went away. */
  close(keys: string[]): string | null {
    const closing = new Set(state.tabs.filter((t) => keys.includes(t.key) && !t.affix).map((t) => t.key));
    if (!closing.size) return null;
    const tabs = state.tabs.filter((t) => !closing.has(t.key));
    const activeClosed = state.active !== null && closing.has(state.active);
    const last = tabs[tabs.length - 1];
    emit({ ...state, tabs, active: activeClosed ? (last?.key ?? null) : state.active });
    return activeClosed ? (last?.fullPath ?? '/home') : null;
  },

  closeOthers(key: string): string | null {
    return tabsStore.close(state.tabs.filter((t) => t.key !== key).map((t) => t.key));
  },

  closeAll(): string | null {
    return tabsStore.close(state.tabs.map((t) => t.key)) ?? (state.tabs.length ? state.tabs[state.tabs.length - 1].fullPath : '/home');
  },

  /** Remounts one tab's page, dropping its kept state. */
  refresh(key: string) {
    emit({ ...state, generation: { ...state.generation, [key]: (state.generation[key] ?? 0) + 1 } });
  },

  /** Drops every kept page (the element size changed). */
  dropCache() {
    emit({ ...state, epoch: state.epoch + 1 });
  },

  reset() {
    if (owner) sessionStorage.removeItem(`${STORAGE}:${owner}`);
    owner = '';
    state = { tabs: [], active: null, generation: {}, epoch: 0 };
    listeners.forEach((l) => l());
  },
};

sessionStore.onReset(() => tabsStore.reset());

export function useTabs(): TabsState {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.get, tabsStore.get);
}
