import { pageApi, type ListAnswer, type PageBundle } from '../data/pageApi';
import { prefetch } from '../data/prefetch';
import { recordFields } from '../schema/model';
import type { SchemaView } from '../routes/componentPath';
import { apiParamsOf, stateFromSearch } from './listUrlState';

type Page = PageBundle['page'];

/** A log opens on its recent days unless the address says otherwise. */
export function withLogWindow(page: Page, apiParams: Record<string, string>): Record<string, string> {
  if (page.kind !== 'log' || !page.log || apiParams[page.log.timeField]) return apiParams;
  // Rounded to the minute, so revisiting the page hits the cache instead of a new key.
  const from = new Date(Math.floor(Date.now() / 60_000) * 60_000 - (page.log.defaultDays ?? 7) * 86_400_000).toISOString();
  return { ...apiParams, [page.log.timeField]: `${from},` };
}

/** The SWR key of a list view; other views revalidate by its first two parts (FormPage). */
export const listKey = (pageId: string, params: Record<string, string>) => ['list', pageId, JSON.stringify(params)] as const;

/** The prefetch key of the same request (engine/data/prefetch.ts). */
export const listPrefetchKey = (pageId: string, params: Record<string, string>) => listKey(pageId, params).join('\n');

/**
 * Asks for the rows a list page will show for an address, as soon as its schema is known: the
 * list view's code and first render then overlap the request instead of preceding it.
 */
export function prefetchListFor(page: Page, search: string): void {
  const state = stateFromSearch(new URLSearchParams(search), page.list?.pageSize ?? 20, recordFields(page));
  const params = withLogWindow(page, apiParamsOf(state));
  void prefetch(listPrefetchKey(page.id, params), () => pageApi.list(page.id, params));
}

/** Every matching row is on this one page. */
export const isComplete = (answer: ListAnswer) => !answer.totalCapped && answer.page === 1 && answer.list.length === answer.total;

/** Whether two requests differ in their sort (and page) only. */
export function onlySortChanged(from: Record<string, string>, to: Record<string, string>): boolean {
  const rest = (p: Record<string, string>) => JSON.stringify(Object.entries(p).filter(([k]) => k !== 'sort' && k !== 'page').sort());
  return rest(from) === rest(to);
}

/** Whether SchemaPage renders the list view for this route. */
export function showsList(page: Page, view: SchemaView | undefined, params: Record<string, string>): boolean {
  if (page.kind === 'report' || (page.kind === 'settings' && view === 'index')) return false;
  if (view === 'add' && page.kind === 'crud') return false;
  if (view === 'edit' && params.id && page.kind !== 'log') return false;
  return !(view === 'detail' && params.id);
}

