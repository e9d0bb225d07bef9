import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { pageApi, type PageBundle } from '../data/pageApi';
import { arrivedAnswer, preloadAnswer } from '../data/prefetch';

/** The SWR key of a page's schema in one language. */
export const schemaKey = (pageId: string, lang: string) => ['page-schema', pageId, lang] as const;
/** Schemas asked for in this page's life, so a navigation does not ask again for one in the cache. */
const fetched = new Set<string>();

async function loadSchema(pageId: string, lang: string): Promise<PageBundle> {
  fetched.add(`${pageId}\n${lang}`);
  const bundle = await pageApi.schema(pageId);
  i18next.addResources(lang, 'translation', bundle.messages);
  return bundle;
}

/** The schema from the server, its messages added to the current language's. */
export const fetchSchema = loadSchema;

/** Whether the schema has been asked for before (its page then renders from the cache at once). */
export const schemaFetched = (pageId: string, lang: string) => fetched.has(`${pageId}\n${lang}`);

/** Asks for a schema as a navigation starts, before its page renders (console/routePrefetch.ts). */
export const preloadSchema = (pageId: string, lang: string): Promise<PageBundle> =>
  preloadAnswer(schemaKey(pageId, lang), () => loadSchema(pageId, lang));

/** The schema if an answer asked for ahead has already arrived (for a first render with it). */
export const arrivedSchema = (pageId: string, lang: string) => arrivedAnswer<PageBundle>(schemaKey(pageId, lang));

const SCHEMA_OPTIONS = { revalidateOnFocus: false, dedupingInterval: 60_000 };

/**
 * A page's schema comes from the server with its messages in the current language, so a page added
 * as one JSON file works after a server restart without rebuilding the browser app. `onFetched`
 * runs only when this hook itself asked (nothing was preloaded): the navigation that preloaded the
 * schema has already started whatever follows from it, and a later revalidation starts nothing.
 */
export function usePageSchema(pageId: string, onFetched?: (bundle: PageBundle) => void) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useSWR<PageBundle>(
    schemaKey(pageId, lang),
    async () => {
      const first = !schemaFetched(pageId, lang);
      const bundle = await loadSchema(pageId, lang);
      if (first && onFetched) {
        onFetched(bundle);
        // Requests go out a task later than this resolves when the render React runs in a
        // microtask comes first; this lets them leave before it.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return bundle;
    },
    { ...SCHEMA_OPTIONS, fallbackData: arrivedSchema(pageId, lang) },
  );
}
