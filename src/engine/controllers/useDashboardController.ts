import useSWR from 'swr';
import { pageApi, type PageBundle } from '../data/pageApi';

/** How often an open dashboard asks for its figures again. */
export const DASHBOARD_REFRESH_MS = 120_000;

/**
 * A dashboard page without the drawing: the figures and chart groups the server computes, asked
 * for again every two minutes while the page is open. A failed refresh keeps the figures shown.
 */
export function useDashboardController(bundle: PageBundle) {
  const { page } = bundle;
  const { data, error, isLoading, mutate } = useSWR(['dashboard-page', page.id], () => pageApi.dashboard(page.id), {
    refreshInterval: DASHBOARD_REFRESH_MS,
  });
  return {
    spec: page.dashboard!,
    data: data ?? null,
    loading: isLoading || !data,
    /** Only when nothing is shown yet: a refresh that fails leaves the last figures. */
    loadError: error && !data ? (error as Error).message : null,
    retry: () => void mutate(),
  };
}

export type DashboardController = ReturnType<typeof useDashboardController>;
