import { useMemo } from 'react';
import useSWR from 'swr';
import { pageApi, type PageBundle } from '../data/pageApi';
import { fieldSchema } from '../../shared/schema/model';
import type { PageSchema } from '../../shared/schema/types';
import { useListUrlState } from './listUrlState';

/**
 * A report page without the drawing: its filters (of the source page, kept in the address like a
 * list's) and the grouped aggregates the server computes for them.
 */
export function useReportController(bundle: PageBundle) {
  const { page, source } = bundle;
  const spec = page.report!;
  const allowed = useMemo(() => spec.filters ?? [], [spec]);
  const { state, update } = useListUrlState(20, allowed);
  const { data, error, isLoading } = useSWR(['report', page.id, JSON.stringify(state.filters)], () =>
    pageApi.report(page.id, state.filters),
  );
  // The filter bar shows the source page's fields that the report lists as filters.
  const filterPage = useMemo<PageSchema | null>(
    () => (source && allowed.length ? { ...source, list: { columns: allowed, filters: allowed } } : null),
    [source, allowed],
  );
  return {
    spec,
    filters: state.filters,
    filterPage,
    setFilters: (filters: Record<string, string>) => update({ filters, page: 1 }),
    /** The field the groups are keyed by, on the source page (for its title and labels). */
    groupField: source ? fieldSchema(source, spec.groupBy) : undefined,
    groups: data ?? [],
    loading: isLoading,
    loadError: error ? (error as Error).message : null,
  };
}

export type ReportController = ReturnType<typeof useReportController>;
