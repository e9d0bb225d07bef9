import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { pageApi, type PageBundle } from '../data/pageApi';
import { fetchOnce, peekPrefetched, prefetch } from '../data/prefetch';

const prefetchKey = (pageId: string, lang: string) => `page-schema\n${pageId}\n${lang}`;
/** Schemas fetched in this page's life, so a navigation does not ask again for one in the cache. */
const fetched = new Set<string>();

async function loadSchema(pageId: string, lang: string): Promise<PageBundle> {
  const bundle = await pageApi.schema(pageId);
  i18next.addResources(lang, 'translation', bundle.messages);
  fetched.add(prefetchKey(pageId, lang));
  return bundle;
}

/** Whether the schema has been fetched before (its page then renders from the cache at once). */
export const schemaFetched = (pageId: string, lang: string) => fetched.has(prefetchKey(pageId, lang));

/** Asks for a schema as a navigation starts, before its page renders (console/routePrefetch.ts). */
export function prefetchSchema(pageId: string, lang: string): Promise<PageBundle> {
  return prefetch(prefetchKey(pageId, lang), () => loadSchema(pageId, lang));
}

/** The schema, taking an answer asked for ahead when there is one. */
export const fetchSchema = (pageId: string, lang: string) => fetchOnce(prefetchKey(pageId, lang), () => loadSchema(pageId, lang));

/** The schema if an answer asked for ahead has already arrived (for a first render with it). */
export const arrivedSchema = (pageId: string, lang: string) => peekPrefetched<PageBundle>(prefetchKey(pageId, lang));

/**
 * A page's schema comes from the server with its messages in the current language, so a page added
 * as one JSON file works after a server restart without rebuilding the browser app.
 */
export function usePageSchema(pageId: string, onFetched?: (bundle: PageBundle) => void) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useSWR<PageBundle>(['page-schema', pageId, lang], async () => {
    const bundle = await fetchSchema(pageId, lang);
    if (onFetched) {
      onFetched(bundle);
      // Requests go out a task later than this resolves when the render React runs in a
      // microtask comes first; this lets them leave before it.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return bundle;
  }, { revalidateOnFocus: false, dedupingInterval: 60_000, fallbackData: arrivedSchema(pageId, lang) });
}
