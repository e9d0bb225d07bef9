import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface ListUrlState {
  page: number;
  size: number;
  sort: string | null;
  q: string;
  filters: Record<string, string>;
  todo: boolean;
}

const RESERVED = new Set(['page', 'size', 'sort', 'q', 'todo']);

/** The list's page, size, sort, search and filters live in the URL, so a copied link reproduces the view. */
export function useListUrlState(defaultSize: number, allowed: string[]) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListUrlState>(() => {
    const filters: Record<string, string> = {};
    params.forEach((v, k) => {
      if (!RESERVED.has(k) && allowed.includes(k) && v !== '') filters[k] = v;
    });
    const page = Math.max(1, Number(params.get('page')) || 1);
    const size = Math.min(200, Math.max(1, Number(params.get('size')) || defaultSize));
    return { page, size, sort: params.get('sort'), q: params.get('q') ?? '', filters, todo: params.get('todo') === '1' };
  }, [params, defaultSize, allowed]);

  const update = useCallback((patch: Partial<ListUrlState>) => {
    const next = { ...state, ...patch };
    const out = new URLSearchParams();
    if (next.page > 1) out.set('page', String(next.page));
    if (next.size !== defaultSize) out.set('size', String(next.size));
    if (next.sort) out.set('sort', next.sort);
    if (next.q) out.set('q', next.q);
    if (next.todo) out.set('todo', '1');
    for (const [k, v] of Object.entries(next.filters)) if (v !== '' && v !== undefined) out.set(k, v);
    setParams(out, { replace: false });
  }, [state, defaultSize, setParams]);

  /** Query parameters for the API. */
  const apiParams = useMemo(() => {
    const p: Record<string, string> = { page: String(state.page), size: String(state.size), ...state.filters };
    if (state.sort) p.sort = state.sort;
    if (state.q) p.q = state.q;
    if (state.todo) p.todo = '1';
    return p;
  }, [state]);

  return { state, update, apiParams };
}
