import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAX_PAGE_SIZE } from '../../shared/schema/paging';

export interface ListUrlState {
  page: number;
  size: number;
  sort: string | null;
  q: string;
  filters: Record<string, string>;
  todo: boolean;
  /** The parent record a child list is locked to (?parent=, ?parentField=): kept across every change. */
  parent?: Record<string, string>;
}

const RESERVED = new Set(['page', 'size', 'sort', 'q', 'todo', 'parent', 'parentField']);
const PARENT_PARAMS = ['parent', 'parentField'];

/** The list state an address's query gives: unknown parameters dropped, page and size bounded. */
export function stateFromSearch(params: URLSearchParams, defaultSize: number, allowed: string[]): ListUrlState {
  const filters: Record<string, string> = {};
  params.forEach((v, k) => {
    if (!RESERVED.has(k) && allowed.includes(k) && v !== '') filters[k] = v;
  });
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(params.get('size')) || defaultSize));
  const parent = Object.fromEntries(PARENT_PARAMS.filter((k) => params.get(k)).map((k) => [k, params.get(k)!]));
  return {
    page,
    size,
    sort: params.get('sort'),
    q: params.get('q') ?? '',
    filters,
    todo: params.get('todo') === '1',
    ...(parent.parent ? { parent } : {}),
  };
}

/**
 * The sort a click on a column's header asks for: ascending, then descending, then none (the page's
 * default sort), whichever order the column is shown in while no sort is chosen.
 */
export function nextSort(current: string | null, field: string): string | null {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return null;
  return field;
}

/** Query parameters for the API. */
export function apiParamsOf(state: ListUrlState): Record<string, string> {
  const p: Record<string, string> = { page: String(state.page), size: String(state.size) };
  for (const [k, v] of Object.entries(state.filters)) if (v !== '' && v !== undefined) p[k] = v;
  if (state.sort) p.sort = state.sort;
  if (state.q) p.q = state.q;
  if (state.todo) p.todo = '1';
  Object.assign(p, state.parent ?? {});
  return p;
}

/** How long a change waits for its rows before it is shown without them (the list then says it loads). */
const WAIT_FOR_ROWS_MS = 150;

/**
 * The list's page, size, sort, search and filters live in the URL, so a copied link reproduces the
 * view. `onNext` hears the API parameters of a change before the URL takes it and may return the
 * promise of its rows: the change is then shown together with them, in one render, when they come
 * within WAIT_FOR_ROWS_MS.
 */
export function useListUrlState(
  defaultSize: number,
  allowed: string[],
  onNext?: (apiParams: Record<string, string>) => Promise<unknown> | void,
) {
  const [params, setParams] = useSearchParams();
  const urlState = useMemo(() => stateFromSearch(params, defaultSize, allowed), [params, defaultSize, allowed]);
  // react-router applies an address change in a transition, which re-renders the whole console;
  // the list shows the state asked for at once, until the address has caught up.
  const [asked, setAsked] = useState<{ at: URLSearchParams; state: ListUrlState } | null>(null);
  const latest = useRef(0);
  const state = asked && asked.at === params ? asked.state : urlState;

  const update = useCallback(
    (patch: Partial<ListUrlState>) => {
      const next = { ...state, ...patch };
      const out = new URLSearchParams();
      if (next.page > 1) out.set('page', String(next.page));
      if (next.size !== defaultSize) out.set('size', String(next.size));
      if (next.sort) out.set('sort', next.sort);
      if (next.q) out.set('q', next.q);
      if (next.todo) out.set('todo', '1');
      for (const [k, v] of Object.entries(next.parent ?? {})) out.set(k, v);
      for (const [k, v] of Object.entries(next.filters)) if (v !== '' && v !== undefined) out.set(k, v);
      // Parameters that are not the list's stay (a tabs page's open tab).
      params.forEach((v, k) => {
        if (!RESERVED.has(k) && !allowed.includes(k)) out.set(k, v);
      });
      // Before the address changes: the new rows can be on their way while the console re-renders.
      const ahead = onNext?.(apiParamsOf(next));
      const ticket = ++latest.current;
      const apply = () => {
        if (ticket !== latest.current) return; // a later change overtook this one
        setAsked({ at: params, state: next });
        setParams(out, { replace: false });
      };
      if (!ahead) return apply();
      void Promise.race([ahead.catch(() => undefined), new Promise((r) => setTimeout(r, WAIT_FOR_ROWS_MS))]).then(apply);
    },
    [state, params, defaultSize, allowed, setParams, onNext],
  );

  const apiParams = useMemo(() => apiParamsOf(state), [state]);
  return { state, update, apiParams };
}
