import type { ComponentType } from 'react';
import { lazyComponent, type PreloadableComponent } from '../../utils/lazyComponent';
import { normalizeComponent, parseComponentPath, type SchemaView } from '../../shared/routes/componentPath';

export interface PageProps {
  /** Set for schema pages. */
  pageId?: string;
  view?: SchemaView;
  params: Record<string, string>;
  /** The list route the page belongs to, for links between its views. */
  basePath: string;
}

type Loader = () => Promise<{ default: ComponentType<PageProps> }>;

const bespoke = new Map<string, PreloadableComponent<PageProps>>();

/** Hand-written pages register under their component path; the console does this at start. */
export function registerBespoke(component: string, loader: Loader) {
  bespoke.set(normalizeComponent(component), lazyComponent(loader));
}

const SchemaPage = lazyComponent(() => import('../renderers/SchemaPage'));

/** Fetches the schema renderer and its list view ahead of the first visit to a schema page. */
export function preloadSchemaPages(): Promise<unknown> {
  return Promise.all([SchemaPage.preload(), import('../renderers/views').then((m) => m.ListPage.preload())]);
}

export type Resolved =
  | { kind: 'bespoke'; Component: PreloadableComponent<PageProps> }
  | { kind: 'schema'; Component: PreloadableComponent<PageProps>; pageId: string; view: SchemaView }
  | { kind: 'missing'; component: string; error: ModuleNotFoundError };

/** Spec §8: an unknown module in the page table is 'Cannot find module' with code MODULE_NOT_FOUND. */
export class ModuleNotFoundError extends Error {
  readonly code = 'MODULE_NOT_FOUND';
  constructor(readonly component: string) {
    super(`Cannot find module '${component}'`);
    this.name = 'ModuleNotFoundError';
  }
}

/** Bespoke pages first, then schema views; anything else is missing (logged by the caller, spec §8). */
export function resolveComponent(component: string): Resolved {
  const path = normalizeComponent(component);
  const own = bespoke.get(path);
  if (own) return { kind: 'bespoke', Component: own };
  const parsed = parseComponentPath(path);
  if (parsed) return { kind: 'schema', Component: SchemaPage, pageId: parsed.pageId, view: parsed.view };
  return { kind: 'missing', component: path, error: new ModuleNotFoundError(path) };
}

/** The page for a component path, or the MODULE_NOT_FOUND error thrown. */
export function requireComponent(component: string): Exclude<Resolved, { kind: 'missing' }> {
  const resolved = resolveComponent(component);
  if (resolved.kind === 'missing') throw resolved.error;
  return resolved;
}
