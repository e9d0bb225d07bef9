import type { PageSchema } from '../../shared/schema/types';
import type { SchemaView } from '../../shared/routes/componentPath';

/** What a schema page shows for a route; pure, so the navigation's preloads and the renderer agree. */
export type PageView = 'list' | 'create' | 'edit' | 'detail' | 'settings' | 'report' | 'tabs' | 'dashboard';

/** The one place that decides the view of a schema page for its kind, route view and route params. */
export function pageViewOf(page: Pick<PageSchema, 'kind'>, view: SchemaView | undefined, params: Record<string, string>): PageView {
  if (page.kind === 'report' || page.kind === 'tabs' || page.kind === 'dashboard') return page.kind;
  if (page.kind === 'settings' && view === 'index') return 'settings';
  if (view === 'add' && page.kind === 'crud') return 'create';
  if (view === 'edit' && params.id && page.kind !== 'log') return 'edit';
  if (view === 'detail' && params.id) return 'detail';
  return 'list';
}
