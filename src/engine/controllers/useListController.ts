import { useCallback, useMemo, useRef, useState } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import { recordFields } from '../../shared/schema/model';
import { can, pageApi, type ListAnswer, type PageBundle, type Rec } from '../data/pageApi';
import { arrivedAnswer } from '../data/prefetch';
import { sortRecords } from '../data/sortRecords';
import { nextSort, useListUrlState } from './listUrlState';
import { isComplete, listKey, onlySortChanged, preloadList, previewParams, withLogWindow } from './listQuery';

/**
 * Everything a list page does apart from drawing it: its state in the address, its rows (taken from
 * a request the navigation started when there is one), sorting in the browser when every row is
 * present, selection, deletion and export. Views call it and render; tests drive it without antd.
 */
export function useListController(bundle: PageBundle) {
  const { page, actions } = bundle;
  const allowed = useMemo(() => recordFields(page), [page]);
  // The cache in use is the console's (per user), so revalidation goes through its config.
  const { mutate: revalidate, cache } = useSWRConfig();
  // A sort, page or filter change asks for its rows at once, and they go into the cache under the
  // key the list will read, so the change and its rows show in one render (listUrlState.ts). When
  // the list holds every matching row, a sort is done here at once; the server's answer follows.
  const shown = useRef<{ answer: ListAnswer; params: Record<string, string> } | undefined>(undefined);
  const fetchAhead = useCallback(
    (next: Record<string, string>) => {
      const p = withLogWindow(page, next);
      const key = listKey(page.id, p);
      const held = shown.current;
      if (held && next.sort && isComplete(held.answer) && onlySortChanged(held.params, p)) {
        return revalidate(key, { ...held.answer, list: sortRecords(held.answer.list, next.sort) }, { revalidate: false });
      }
      return preloadList(page, p).then((rows) => revalidate(key, rows, { revalidate: false }));
    },
    [page, revalidate],
  );
  const { state, update, apiParams } = useListUrlState(page.list?.pageSize ?? 20, allowed, fetchAhead);

  const params = useMemo(() => withLogWindow(page, apiParams), [apiParams, page]);
  const key = listKey(page.id, params);
  // Rows asked for when the navigation began may be here before the first render.
  const arrived = arrivedAnswer<ListAnswer>(key);
  // A big page's first screen, asked for first (its hook comes first), shown until the page comes.
  const preview = useMemo(() => previewParams(params), [params]);
  const previewKey = preview && !arrived && cache.get(unstable_serialize(key))?.data === undefined ? listKey(page.id, preview) : null;
  const { data: first } = useSWR(previewKey, () => pageApi.list(page.id, preview!), {
    fallbackData: previewKey ? arrivedAnswer<ListAnswer>(previewKey) : undefined,
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  const { data, error, isLoading, mutate } = useSWR(key, () => pageApi.list(page.id, params), {
    keepPreviousData: true,
    fallbackData: arrived,
  });
  // While a new key loads, keepPreviousData shows the old rows, which belong to the old parameters.
  const whole = !isLoading || (arrived !== undefined && data === arrived);
  if (whole) shown.current = data && { answer: data, params };
  const partial = !whole && first !== undefined && previewKey !== null;
  const answer = partial ? { ...first, page: Number(params.page), size: Number(params.size) } : data;
  const rowsCurrent = whole || partial;

  const [selected, setSelected] = useState<number[]>([]);
  const canBulkDelete = (page.list?.bulkActions ?? []).includes('delete') && can(actions, 'delete');
  const bulkActions = useMemo(
    () =>
      (page.actions ?? []).filter(
        (a) =>
          a.level === 'bulk' &&
          (page.list?.bulkActions ?? []).includes(a.name) &&
          (can(actions, `action:${a.name}`) || can(actions, 'update')),
      ),
    [page, actions],
  );
  const [exporting, setExporting] = useState(false);
  const reload = useCallback(() => void mutate(), [mutate]);
  /** A click on a sortable column: ascending, descending, then back to the page's default sort. */
  const sortBy = useCallback((field: string) => update({ sort: nextSort(state.sort, field), page: 1 }), [update, state.sort]);

  const remove = useCallback(
    async (r: Rec) => {
      await pageApi.remove(page.id, r.id);
      void mutate();
    },
    [page.id, mutate],
  );

  const bulkDelete = useCallback(async () => {
    const { deleted } = await pageApi.bulkDelete(page.id, selected);
    setSelected([]);
    void mutate();
    return deleted;
  }, [page.id, selected, mutate]);

  /** Streams the rows matching the current filters (all pages) to a file. */
  const exportAs = useCallback(
    async (format: 'csv' | 'xlsx') => {
      setExporting(true);
      try {
        const { page: _p, size: _s, ...filters } = params;
        void _p;
        void _s;
        await pageApi.download(page.id, filters, format);
      } finally {
        setExporting(false);
      }
    },
    [page.id, params],
  );

  return {
    state,
    update,
    params,
    sortBy,
    rows: answer?.list ?? [],
    total: answer?.total ?? null,
    capped: Boolean(answer?.totalCapped),
    /** The database's totals over every matching row (list.totals), when the page declares them. */
    totals: answer?.totals,
    /** The rows shown belong to the current parameters (not those kept while a change loads). */
    rowsCurrent,
    /** The rows shown are a big page's first screen; the rest is on its way. */
    partial,
    error: error && !data ? (error as Error) : undefined,
    reload,
    remove,
    selection: {
      /** Rows can be selected when the caller may delete them together or run a bulk action on them. */
      enabled: canBulkDelete || bulkActions.length > 0,
      canDelete: canBulkDelete,
      keys: selected,
      set: setSelected,
      clear: () => setSelected([]),
    },
    /** The schema's bulk actions (`level: "bulk"`, named in list.bulkActions) the caller may run. */
    bulkActions,
    bulkDelete,
    exporting,
    exportAs,
  };
}

export type ListController = ReturnType<typeof useListController>;
