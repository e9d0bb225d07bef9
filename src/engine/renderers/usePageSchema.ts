import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { pageApi, type PageBundle } from '../data/pageApi';

/**
 * A page's schema comes from the server with its messages in the current language, so a page added
 * as one JSON file works after a server restart without rebuilding the browser app.
 */
export function usePageSchema(pageId: string, onFetched?: (bundle: PageBundle) => void) {
  const { i18n } = useTranslation();
  return useSWR<PageBundle>(['page-schema', pageId, i18n.language], async () => {
    const bundle = await pageApi.schema(pageId);
    i18next.addResources(i18n.language, 'translation', bundle.messages);
    if (onFetched) {
      onFetched(bundle);
      // axios sends a request a few promise steps later; rendering the page (run by React in a
      // microtask once this resolves) would otherwise come first and hold the request back.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return bundle;
  }, { revalidateOnFocus: false, dedupingInterval: 60_000 });
}
