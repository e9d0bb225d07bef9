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

/** Pages of at least this many rows are shown from their first PREVIEW_ROWS while the rest comes. */
export const PREVIEW_FROM = 1_000;
export const PREVIEW_ROWS = 50;

/**
 * The request for a big page's first screen: the same filters and sort, a page of PREVIEW_ROWS
 * starting where the big page starts. A page of 10,000 rows took the server ~100 ms to read and
 * write and the browser as long to parse, while its first rows are all the screen shows at first.
 * Null for a page too small for it, or one whose start is not on a preview page's boundary.
 */
export function previewParams(params: Record<string, string>): Record<string, string> | null {
  const size = Number(params.size);
  const at = Number(params.page ?? 1);
  if (!(size >= PREVIEW_FROM) || size % PREVIEW_ROWS || !Number.isInteger(at) || at < 1) return null;
  return { ...params, page: String(((at - 1) * size) / PREVIEW_ROWS + 1), size: String(PREVIEW_ROWS) };
}

/**
 * Asks for a list's rows into the cache the list view reads (the view's own fetch takes the
 * request); for a big page, its first screen first, so that one is answered first.
 */
export function preloadList(page: Page, params: Record<string, string>): Promise<ListAnswer> {
  const preview = previewParams(params);
  if (preview) void preloadAnswer(listKey(page.id, preview), () => pageApi.list(page.id, preview)).catch(() => undefined);
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
