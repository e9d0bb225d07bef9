import { pageApi, type ListAnswer, type PageBundle } from '../data/pageApi';
import { preloadAnswer } from '../data/prefetch';
import { recordFields } from '../../shared/schema/model';
import { apiParamsOf, stateFromSearch } from './listUrlState';

type Page = PageBundle['page'];

/** A log opens on its recent days unless the address says otherwise. */
export function withLogWindow(page: Page, apiParams: Record<string, string>): Record<string, string> {
  if (page.kind !== 'log' || !page.log || apiParams[page.log.timeField]) return apiParams;
  // Rounded to the minute, so revisiting the page hits the cache instead of a new key.
  const from = new Date(Math.floor(Date.now() / 60_000) * 60_000 - (page.log.defaultDays ?? 7) * 86_400_000).toISOString();
  return { ...apiParams, [page.log.timeField]: `${from},` };
}

/** The SWR key of a list's rows; other views revalidate by its first two parts (FormPage). */
export const listKey = (pageId: string, params: Record<string, string>) => ['list', pageId, JSON.stringify(params)] as const;

/** The API parameters a list page asks for at an address. */
export function listParamsFor(page: Page, search: string): Record<string, string> {
  const state = stateFromSearch(new URLSearchParams(search), page.list?.pageSize ?? 20, recordFields(page));
  return withLogWindow(page, apiParamsOf(state));
}

/** Asks for a list's rows into the cache the list view reads (the view's own fetch takes the request). */
export function preloadList(page: Page, params: Record<string, string>): Promise<ListAnswer> {
  return preloadAnswer(listKey(page.id, params), () => pageApi.list(page.id, params));
}

/** Every matching row is on this one page. */
export const isComplete = (answer: ListAnswer) => !answer.totalCapped && answer.page === 1 && answer.list.length === answer.total;

/** Whether two requests differ in their sort (and page) only. */
export function onlySortChanged(from: Record<string, string>, to: Record<string, string>): boolean {
  const rest = (p: Record<string, string>) =>
    JSON.stringify(
      Object.entries(p)
        .filter(([k]) => k !== 'sort' && k !== 'page')
        .sort(),
    );
  return rest(from) === rest(to);
}
