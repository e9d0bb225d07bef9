import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from '@formily/react';
import { reaction } from '@formily/reactive';
import { dependsFilter } from '../shared/schema/refDepends';
import { api } from '../client/request';
import { optionsUrl, type RefOption } from './refOptions';

type Filter = Record<string, string | number | boolean>;
type Key = string | number;

/**
 * The parent values a dependent reference (x-ref-depends) is narrowed by, followed as the form
 * changes: `{ carrierCode: 'C0001' }` once a carrier is chosen. Outside a form there is none.
 */
export function useDependsFilter(depends: Record<string, string> | undefined): Filter {
  const form = useForm() as ReturnType<typeof useForm> | undefined;
  const key = JSON.stringify(depends ?? null);
  // Kept as text, so an unchanged parent never renders the picker again.
  const [text, setText] = useState(() =>
    JSON.stringify(form && depends ? dependsFilter(depends, form.values as Record<string, unknown>) : {}),
  );
  useEffect(() => {
    const wanted = JSON.parse(key) as Record<string, string> | null;
    if (!form || !wanted) return undefined;
    return reaction(() => JSON.stringify(dependsFilter(wanted, form.values as Record<string, unknown>)), setText, {
      fireImmediately: true,
    });
  }, [form, key]);
  return useMemo(() => JSON.parse(text) as Filter, [text]);
}

/**
 * When a parent changes, the chosen records it no longer allows are dropped (a driver of the old
 * carrier); the server answers which of the current keys match the new parent. A parent emptied
 * narrows nothing, so it drops nothing.
 */
export function useClearWhenParentChanges(refPage: string | undefined, filter: Filter, selected: Key[], drop: (kept: Key[]) => void) {
  const text = JSON.stringify(filter);
  const last = useRef(text);
  const current = useRef({ selected, drop });
  current.current = { selected, drop };
  useEffect(() => {
    if (last.current === text) return undefined;
    last.current = text;
    const { selected: keys } = current.current;
    if (!refPage || !keys.length || text === '{}') return undefined;
    let live = true;
    const params = { ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])), ids: keys.join(',') };
    api
      .get<RefOption[]>(optionsUrl(refPage), params, { silent: true })
      .then((found) => {
        // A choice made meanwhile (a fill, the user) is not the one asked about: it stays.
        if (!live || current.current.selected.join(',') !== keys.join(',')) return;
        const ok = new Set((found ?? []).map((o) => String(o.value)));
        const kept = current.current.selected.filter((k) => ok.has(String(k)));
        if (kept.length !== current.current.selected.length) current.current.drop(kept);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // The filter's text stands for the filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, refPage]);
}
