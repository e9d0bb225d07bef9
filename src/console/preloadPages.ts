import { preloadSchemaPages } from '../engine/routes/registry';
import { DynamicPage } from './ConsolePages';

let started: Promise<unknown> | null = null;

/**
 * Fetches the code every schema page needs (the page router, the schema renderer, the list view),
 * once: when the first screen has settled, or sooner at the first sign that a page is about to be
 * opened (the pointer or focus reaching the sidebar), so the first list does not wait for it.
 */
export function preloadSchemaPageCode(): Promise<unknown> {
  started ??= Promise.all([DynamicPage.preload(), preloadSchemaPages()]).catch(() => {
    started = null; // a failed chunk request is tried again at the next hint
  });
  return started;
}
