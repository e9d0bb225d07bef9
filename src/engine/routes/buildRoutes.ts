import type { MenuEntry } from '../session/types';

/** A console route derived from a menu entry. */
export interface RouteEntry {
  path: string;
  name: string;
  component: string | null;
  meta: {
    title: string;
    icon?: string | null;
    noCache?: boolean;
    affix?: boolean;
    url?: string | null;
    hidden?: boolean;
    roles?: string[];
  };
  children: RouteEntry[];
  redirect?: string;
}

/**
 * Spec §6: a route is visible if it names no roles or shares one with the user; children are
 * filtered the same way, and an empty-string role filter keeps everything.
 */
export function filterByRoles(routes: RouteEntry[], roles: string[]): RouteEntry[] {
  if (roles.length === 1 && roles[0] === '') return routes;
  return routes
    .filter((r) => !r.meta.roles?.length || r.meta.roles.some((role) => roles.includes(role)))
    .map((r) => ({ ...r, children: filterByRoles(r.children, roles) }));
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/') || /^https?:/.test(path)) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Routes from the first resource-list entry's children (spec §4). */
export function routesFromMenu(entries: MenuEntry[], parentPath = ''): RouteEntry[] {
  return entries.map((e) => {
    const path = joinPath(parentPath || '/', e.path || e.code);
    const children = routesFromMenu(e.children ?? [], path);
    return {
      path,
      name: e.name || e.code,
      component: e.component,
      meta: { ...e.meta, title: e.meta?.title ?? e.menuTitle, hidden: e.hidden || e.meta?.hidden },
      children,
      // A directory opens its first child.
      redirect: !e.component && children.length ? children[0].path : undefined,
    };
  });
}

/** Every route with a component, flattened, for matching a location. */
export function flattenRoutes(routes: RouteEntry[]): RouteEntry[] {
  return routes.flatMap((r) => [...(r.component || r.redirect ? [r] : []), ...flattenRoutes(r.children)]);
}

/**
 * Matches a location against the permitted routes. A schema list route also owns its add, edit and
 * detail sub-paths, so the menu needs only one entry per page.
 */
export function matchRoute(
  routes: RouteEntry[],
  pathname: string,
): { route: RouteEntry; component: string | null; params: Record<string, string> } | null {
  const flat = flattenRoutes(routes);
  const exact = flat.find((r) => r.path === pathname);
  if (exact) return { route: exact, component: exact.component, params: {} };
  for (const r of flat) {
    if (!r.component?.endsWith('/index')) continue;
    const base = r.component.slice(0, -'/index'.length);
    const rest = pathname.startsWith(`${r.path}/`) ? pathname.slice(r.path.length + 1).split('/') : null;
    if (!rest) continue;
    if (rest.length === 1 && rest[0] === 'add') return { route: r, component: `${base}/add`, params: {} };
    if (rest.length === 2 && (rest[0] === 'edit' || rest[0] === 'detail') && rest[1]) {
      return { route: r, component: `${base}/${rest[0]}`, params: { id: decodeURIComponent(rest[1]) } };
    }
  }
  return null;
}
