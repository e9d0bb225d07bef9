import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import useSWR from 'swr';
import { pageApi } from '../data/pageApi';
import type { ApiError } from '../../client/envelope';
import { readableFields } from '../../shared/schema/model';
import { usePageSchema } from './usePageSchema';

/**
 * A record as one printable page (`#/print/<page id>/<record id>`): the page's schema and the record,
 * the schema's `print` sections (else its detail sections) with the fields the caller may read, and
 * the print dialog opened once both are here (unless the address says `auto=0`).
 */
export function usePrintController() {
  const { pathname } = useLocation();
  const parts = pathname.replace(/^\/print\//, '').split('/');
  const id = parts.pop() ?? '';
  const pageId = parts.join('/');
  const { data: bundle, error: schemaError } = usePageSchema(pageId);
  const { data, error } = useSWR(bundle ? ['record', pageId, id] : null, () => pageApi.get(pageId, id));
  const ready = Boolean(bundle && data);
  useEffect(() => {
    if (!ready || new URLSearchParams(window.location.hash.split('?')[1]).get('auto') === '0') return;
    // Fonts and cells settle first, so the printout is not taken half drawn.
    const timer = setTimeout(() => window.print(), 300);
    return () => clearTimeout(timer);
  }, [ready]);
  const page = bundle?.page;
  const sections = useMemo(() => {
    if (!page) return [];
    const readable = new Set(readableFields(page));
    const declared = page.print?.sections ?? page.detail?.sections ?? [{ title: 'engine.detail.fields', fields: [...readable] }];
    return declared.map((s) => ({ ...s, fields: s.fields.filter((f) => readable.has(f)) }));
  }, [page]);
  const err = (schemaError ?? error) as ApiError | undefined;
  return {
    page: page ?? null,
    record: data ?? null,
    sections,
    loadError: err ? err.message : null,
    print: () => window.print(),
  };
}
