import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { ApiError } from '../../client/envelope';
import { can, pageApi, type PageBundle } from '../data/pageApi';
import { canEditRecord, fieldSchema, readableFields } from '../../shared/schema/model';
import { lockedParent } from './lockedParent';

/**
 * One record for the detail view: read (within the lock when opened from a locked child list), the
 * sections and fields the caller may see, whether the caller may edit it, and the way back.
 */
export function useDetailController(bundle: PageBundle, basePath: string, id: string) {
  const { page, actions } = bundle;
  const navigate = useNavigate();
  // Opened from a locked child list: the record is read within the lock, and "back" returns to that list.
  const [search] = useSearchParams();
  const lock = Object.fromEntries(['parent', 'parentField'].filter((k) => search.get(k)).map((k) => [k, search.get(k)!]));
  const lockQuery = lock.parent ? `?${new URLSearchParams(lock)}` : '';
  const { data, error, isLoading } = useSWR(['record', page.id, id, lockQuery], () => pageApi.get(page.id, id, lock));
  const sections = useMemo(() => {
    const readable = new Set(readableFields(page));
    const declared = page.detail?.sections ?? [{ title: 'engine.detail.fields', fields: [...readable] }];
    // A stored secret is listed too: the detail says when it was set.
    return declared.map((s) => ({ ...s, fields: s.fields.filter((f) => readable.has(f) || fieldSchema(page, f)?.writeOnly) }));
  }, [page]);
  const editable = Boolean(
    data && page.kind === 'crud' && (page.list?.rowActions ?? []).includes('edit') && can(actions, 'update') && canEditRecord(page, data),
  );
  return {
    record: data ?? null,
    loading: isLoading || (!data && !error),
    loadError: error ? (error as ApiError).message : null,
    /** The parent record the view is locked to, shown in the locked bar. */
    parent: lockedParent(bundle.parents, lock),
    sections,
    editable,
    showHistory: Boolean(page.detail?.history),
    edit: () => navigate(`${basePath}/edit/${id}${lockQuery}`),
    backToList: () => navigate(`${basePath}${lockQuery}`),
  };
}

export type DetailController = ReturnType<typeof useDetailController>;
