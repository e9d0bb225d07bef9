import { i18next } from '../i18n';
import { matchRoute } from '../engine/routes/buildRoutes';
import { resolveComponent } from '../engine/routes/registry';
import { pageViewOf } from '../engine/routes/pageView';
import { sessionStore } from '../engine/session/store';
import { listParamsFor, preloadList } from '../engine/controllers/listQuery';
import { preloadSchema, schemaFetched } from '../engine/controllers/usePageSchema';

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
  void preloadSchema(resolved.pageId, lang)
    .then(({ page }) => {
      if (pageViewOf(page, resolved.view, match.params) === 'list')
        void preloadList(page, listParamsFor(page, search)).catch(() => undefined);
    })
    .catch(() => undefined); // the page asks again and shows the failure
}
