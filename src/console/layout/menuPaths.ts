import type { RouteEntry } from '../../engine/routes/buildRoutes';

export function isExternal(path: string | null | undefined): boolean {
  return !!path && /^https?:\/\//.test(path);
}

/** True when `path` is the entry `entry` or lies under it. */
export function within(entry: string, path: string): boolean {
  return path === entry || path.startsWith(`${entry}/`);
}

/** Parents of the entry that owns the path, outermost first; null when no entry owns it. */
export function ancestorsOf(routes: RouteEntry[], pathname: string, trail: string[] = []): string[] | null {
  for (const r of routes) {
    if (within(r.path, pathname)) return ancestorsOf(r.children, pathname, [...trail, r.path]) ?? trail;
  }
  return null;
}

/** The menu entry an address selects: the deepest entry that is the address or lies above it ('' for none). */
export function selectedEntry(routes: RouteEntry[], pathname: string): string {
  let best = '';
  const walk = (list: RouteEntry[]) =>
    list.forEach((r) => {
      if (within(r.path, pathname) && r.path.length > best.length) best = r.path;
      walk(r.children);
    });
  walk(routes);
  return best;
}

/**
 * The groups left open when `path` is opened: the group and its parents (spec §2.6: one open
 * submenu at a time), or only its parents when it was open and is closed.
 */
export function openChain(routes: RouteEntry[], open: readonly string[], path: string): string[] {
  const parents = ancestorsOf(routes, path) ?? [];
  return open.includes(path) ? parents : [...parents, path];
}
