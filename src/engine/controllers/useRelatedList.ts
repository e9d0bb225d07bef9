import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Relation } from '../../shared/schema/types';
import { can, pageApi, type PageBundle, type Rec } from '../data/pageApi';
import { usePagePath } from '../routes/pagePaths';
import { listKey, withLogWindow } from './listQuery';
import type { ViewNotifier } from './viewNotifier';

/** Rows of a child list in a detail tab. */
export const RELATED_PAGE_SIZE = 10;

/**
 * A child list locked to its parent record (a detail tab): its own paging and filters, deletion
 * with its outcome told, and the child page's views and full list, each keeping the lock. Without
 * the child page in the caller's menu there is nowhere to open, so the tab only lists.
 */
export function useRelatedList(bundle: PageBundle, relation: Relation, parentKey: string, notify: ViewNotifier) {
  const { page, actions } = bundle;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const path = usePagePath(page.id);
  const [state, setState] = useState({ page: 1, size: RELATED_PAGE_SIZE, filters: {} as Record<string, string>, q: '' });
  const lock = useMemo(() => ({ parent: parentKey, parentField: relation.field }), [parentKey, relation.field]);
  const lockQuery = `?${new URLSearchParams(lock)}`;
  const params = useMemo(
    () =>
      withLogWindow(page, {
        page: String(state.page),
        size: String(state.size),
        ...state.filters,
        ...(state.q ? { q: state.q } : {}),
        ...lock,
      }),
    [page, state, lock],
  );
  const { data, isLoading, mutate } = useSWR(listKey(page.id, params), () => pageApi.list(page.id, params), { keepPreviousData: true });
  const remove = useCallback(
    async (r: Rec) => {
      try {
        await pageApi.remove(page.id, r.id);
        notify.success(t('engine.list.deleted'));
      } catch (e) {
        // A refusal (409: in use, built in) is the server's message, not a fault.
        notify.error((e as Error).message);
      }
      void mutate();
    },
    [page.id, notify, t, mutate],
  );
  const open = useCallback(
    (view: 'detail' | 'edit', r: Rec) => path && navigate(`${path}/${view}/${r.id}${lockQuery}`),
    [path, navigate, lockQuery],
  );
  return {
    state,
    search: (filters: Record<string, string>, q: string) => setState((s) => ({ ...s, filters, q, page: 1 })),
    turn: (pageNo: number, size: number) => setState((s) => ({ ...s, page: pageNo, size })),
    rows: data?.list ?? [],
    total: data?.total ?? 0,
    loading: isLoading,
    /** The child page is in the caller's menu: its records and list can be opened. */
    reachable: Boolean(path),
    canCreate: Boolean(page.kind === 'crud' && (page.list?.actions ?? []).includes('create') && can(actions, 'create') && path),
    remove,
    open,
    create: () => navigate(`${path}/add${lockQuery}`),
    openList: () => navigate(`${path}${lockQuery}`),
  };
}
