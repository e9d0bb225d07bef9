/**
 * Component paths from the menu ("platformUser/department/index") name either a bespoke page
 * registered in code or a schema page and a view of it. Pure, so the server and the checks use it too.
 */
export type SchemaView = 'index' | 'add' | 'edit' | 'detail';

export const SCHEMA_VIEWS: SchemaView[] = ['index', 'add', 'edit', 'detail'];

/** Hand-written pages, by component path. */
export const BESPOKE_COMPONENTS = [
  'dashboard/index',
  'profile/updatePassword',
  'systemManage/updatePassword/index',
  'systemManage/schemaPlayground/index',
  'errorPage/401',
  'errorPage/404',
] as const;

export function isBespoke(component: string): boolean {
  return (BESPOKE_COMPONENTS as readonly string[]).includes(normalizeComponent(component));
}

export function normalizeComponent(component: string): string {
  return component
    .replace(/^\/+/, '')
    .replace(/\.(vue|tsx?|jsx?)$/, '')
    .replace(/\/+$/, '');
}

export function parseComponentPath(component: string): { pageId: string; view: SchemaView } | null {
  const parts = normalizeComponent(component).split('/');
  const last = parts[parts.length - 1] as SchemaView;
  if (parts.length < 3 || !SCHEMA_VIEWS.includes(last)) return null;
  return { pageId: parts.slice(0, -1).join('/'), view: last };
}
