import { useMemo } from 'react';
import useSWR from 'swr';
import type { ChainView, PageSchema, Relation, RelationGroup, RelationTrack } from '../../shared/schema/types';
import { pageApi, type PageBundle } from '../data/pageApi';
import { useSession } from '../session/store';
import { listPaths } from '../routes/pagePaths';
import { listKey } from './listQuery';

/** The console path of each page's list the caller has in its menu (for links out of a record's tabs). */
function useListPaths() {
  const { routes } = useSession();
  return useMemo(() => listPaths(routes), [routes]);
}

/** A record's audit trail, newest first as the server answers it. */
export function useHistory(page: PageSchema, id: string) {
  const { data, isLoading } = useSWR(['history', page.id, id], () => pageApi.history(page.id, id));
  return { entries: data ?? [], loading: isLoading };
}

/** A record's chain of documents (one detail tab), with the list paths its numbers link to. */
export function useChain(pageId: string, recordId: number, chain: ChainView) {
  const paths = useListPaths();
  const { data, error, isLoading } = useSWR(['chain', pageId, recordId, chain.name], () => pageApi.chain(pageId, recordId, chain.name));
  return { data, loadError: error ? (error as Error).message : null, loading: isLoading, paths };
}

/** One line per child page of a relation group, and the query that holds a child list or form to this record. */
export function useRelatedSummary(pageId: string, recordId: number, parentKey: string, group: RelationGroup) {
  const paths = useListPaths();
  const { data, error, isLoading } = useSWR(['related-summary', pageId, recordId, group.name], () =>
    pageApi.relatedSummary(pageId, recordId, group.name),
  );
  const lock = `?${new URLSearchParams({ parent: parentKey, parentField: group.field })}`;
  return { data, loadError: error ? (error as Error).message : null, loading: isLoading, paths, lock };
}

/** How many of the latest points a track draws; a waybill's fixes stay well below it. */
export const TRACK_LIMIT = 500;

/** A relation shown on the map: the parent's latest points, newest first (the view puts them in time order). */
export function useTrackRows(bundle: PageBundle, relation: Relation & { track: RelationTrack }, parentKey: string) {
  const { page } = bundle;
  const params = useMemo(
    () => ({
      page: '1',
      size: String(TRACK_LIMIT),
      sort: `-${relation.track.time}`,
      parent: parentKey,
      parentField: relation.field,
    }),
    [relation, parentKey],
  );
  const { data, isLoading } = useSWR(listKey(page.id, params), () => pageApi.list(page.id, params));
  return { rows: data?.list, loading: isLoading, total: data?.total ?? 0 };
}
