import { i18next } from '../i18n';
import { matchRoute } from '../engine/routes/buildRoutes';
import { resolveComponent } from '../engine/routes/registry';
import { sessionStore } from '../engine/session/store';
import { prefetchListFor, showsList } from '../engine/renderers/listQuery';
import { prefetchSchema, schemaFetched } from '../engine/renderers/usePageSchema';

/**
 * On a navigation to a schema page seen for the first time, asks for its schema at once and, for a
 * list, its first rows as soon as the schema is in. react-router renders a navigation in a
 * transition, and rendering the console took about 100 ms before the page could ask itself.
 */
export function prefetchRoute(pathname: string, search: string): void {
  const { routes } = sessionStore.get();
  const match = routes.length ? matchRoute(routes, pathname) : null;
  if (!match?.component) return;
  const resolved = resolveComponent(match.component);
  const lang = i18next.language;
  if (resolved.kind !== 'schema' || schemaFetched(resolved.pageId, lang)) return;
  void prefetchSchema(resolved.pageId, lang)
    .then((bundle) => {
      if (showsList(bundle.page, resolved.view, match.params)) prefetchListFor(bundle.page, search);
    })
    .catch(() => undefined); // the page asks again and shows the failure
}
