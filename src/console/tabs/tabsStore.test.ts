import { beforeEach, describe, expect, it, vi } from 'vitest';

const storage = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});

const { tabsStore } = await import('./tabsStore');

describe('tabs', () => {
  beforeEach(() => {
    tabsStore.reset();
    storage.clear();
    tabsStore.restore('admin', [{ path: '/home', fullPath: '/home', title: 'Dashboard', affix: true, noCache: false }]);
  });

  it('opens a tab per visited page and activates an open one', () => {
    tabsStore.visit('/a', 'A');
    tabsStore.visit('/b', 'B');
    tabsStore.visit('/a', 'A');
    expect(tabsStore.get().tabs.map((t) => t.path)).toEqual(['/home', '/a', '/b']);
    expect(tabsStore.get().active).toBe('/a');
  });

  it('keeps filter changes inside the active tab, but opens the same page with other parameters in a second tab', () => {
    tabsStore.visit('/list', 'L');
    tabsStore.visit('/list?status=active', 'L');
    expect(tabsStore.get().tabs.filter((t) => t.path === '/list')).toHaveLength(1);
    tabsStore.visit('/home', 'Dashboard');
    tabsStore.visit('/list?todo=1', 'L');
    const lists = tabsStore.get().tabs.filter((t) => t.path === '/list');
    expect(lists.map((t) => t.fullPath)).toEqual(['/list?status=active', '/list?todo=1']);
    expect(new Set(lists.map((t) => t.key)).size).toBe(2);
  });

  it('a saved form hands its place in the strip to the detail it opens, or closes when the detail is open already', () => {
    tabsStore.visit('/list', 'L');
    tabsStore.visit('/list/add', 'Add');
    tabsStore.visit('/b', 'B');
    tabsStore.visit('/list/add', 'Add');
    tabsStore.visit('/list/detail/5', 'Detail', { replaces: '/list/add' });
    expect(tabsStore.get().tabs.map((t) => t.fullPath)).toEqual(['/home', '/list', '/list/detail/5', '/b']);
    expect(tabsStore.get().active).toBe('/list/detail/5');
    tabsStore.visit('/list/edit/5', 'Edit');
    tabsStore.visit('/list/detail/5', 'Detail', { replaces: '/list/edit/5' });
    expect(tabsStore.get().tabs.map((t) => t.fullPath)).toEqual(['/home', '/list', '/list/detail/5', '/b']);
    expect(tabsStore.get().active).toBe('/list/detail/5');
  });

  it('never closes affixed tabs, and moves to the last tab when the active one closes', () => {
    tabsStore.visit('/a', 'A');
    tabsStore.visit('/b', 'B');
    expect(tabsStore.close(['/b'])).toBe('/a');
    expect(tabsStore.closeAll()).toBe('/home');
    expect(tabsStore.get().tabs.map((t) => t.path)).toEqual(['/home']);
    tabsStore.visit('/a', 'A');
    tabsStore.visit('/c', 'C');
    tabsStore.closeOthers('/c');
    expect(tabsStore.get().tabs.map((t) => t.path)).toEqual(['/home', '/c']);
  });

  it('survives a reload of the browser tab, per user', () => {
    tabsStore.visit('/a?x=1', 'A');
    const saved = storage.get('console.tabs:admin');
    tabsStore.reset();
    storage.set('console.tabs:admin', saved!);
    tabsStore.restore('admin', [{ path: '/home', fullPath: '/home', title: 'Dashboard', affix: true, noCache: false }]);
    expect(tabsStore.get().tabs.map((t) => t.fullPath)).toEqual(['/home', '/a?x=1']);
    expect(tabsStore.get().active).toBe('/a');
  });
});
