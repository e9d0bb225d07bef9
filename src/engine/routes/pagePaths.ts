import { useMemo } from 'react';
import { useSession } from '../session/store';
import { flattenRoutes, type RouteEntry } from './buildRoutes';
import { normalizeComponent } from '../../shared/routes/componentPath';

/** The console path of each schema page's list, from the caller's permitted routes. */
export function listPaths(routes: RouteEntry[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of flattenRoutes(routes)) {
    const c = r.component ? normalizeComponent(r.component) : '';
    if (c.endsWith('/index') && !out.has(c.slice(0, -'/index'.length))) out.set(c.slice(0, -'/index'.length), r.path);
  }
  return out;
}

/** Where the list of a page lives in the console, if the caller has it in the menu. */
export function usePagePath(pageId: string | undefined): string | undefined {
  const { routes } = useSession();
  const paths = useMemo(() => listPaths(routes), [routes]);
  return pageId ? paths.get(pageId) : undefined;
}
