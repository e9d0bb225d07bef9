import { api, http } from '../../client/request';
import { getToken } from '../../client/token';
import type { PageSchema } from '../../shared/schema/types';
import { saveBlob } from './saveBlob';

export type Rec = Record<string, unknown> & { id: number; version: number };

export interface ListAnswer {
  list: Rec[];
  total: number;
  totalCapped: boolean;
  page: number;
  size: number;
  /** The list's totals over every matching row (list.totals), when the page declares them. */
  totals?: ListTotal[];
}

export interface ListTotal {
  field: string;
  op: 'sum' | 'avg' | 'count';
  value: number | null;
}

export interface PageBundle {
  page: PageSchema;
  messages: Record<string, string>;
  /** The caller's actions on the page; '*' means all. */
  actions: string[];
  /** For a report or dashboard page, the page whose records it aggregates. */
  source?: PageSchema;
  /** Pages whose records this page's records belong to (their relations name it). */
  parents?: ParentRef[];
}

export interface ParentRef {
  page: string;
  /** This page's field holding the parent's key. */
  field: string;
  /** i18n key of the parent page's title. */
  title: string;
}

/** A write through a locked page (?parent=) carries the lock, so the server holds the write to it. */
const withQuery = (url: string, query?: Record<string, string>) =>
  query && Object.keys(query).length ? `${url}?${new URLSearchParams(query)}` : url;

/** A dashboard page's figures by name, and each chart's groups (key, then one value per measure). */
export interface DashboardAnswer {
  figures: Record<string, number | null>;
  charts: Record<string, ({ key: string | number | null } & Record<string, number | string | null>)[]>;
}

/** One child page of a relation group, as GET …/:id/related-summary/:name answers it. */
export interface SummaryLine {
  page: string;
  title: string;
  count: number;
  latest: {
    id: number;
    updatedAt: unknown;
    cells: Record<string, { value: unknown; text: string | number | null; color?: string }>;
  } | null;
  canCreate: boolean;
}

export interface RelatedSummaryAnswer {
  columns: { field: string; title: string }[];
  lines: SummaryLine[];
}

export interface ChainAnswer {
  steps: {
    name: string;
    page: string;
    title: string;
    readable: boolean;
    totalFen: number | null;
    documents: {
      id: number;
      no: string;
      follows: string;
      amountFen: number | null;
      status: { value: unknown; text: string | number | null; color?: string } | null;
    }[];
  }[];
  openFen: number | null;
}

/** One line of a chain view: a document of a step, or the step's empty line. */
export interface ChainLine {
  key: string;
  step: string;
  title: string;
  page: string;
  readable: boolean;
  doc: ChainAnswer['steps'][number]['documents'][number] | null;
}

const base = (pageId: string) => `/open-platform/data/${encodeURIComponent(pageId)}`;

/** Calls of the generic data API for one page (design §6). */
export const pageApi = {
  schema: (pageId: string) => api.get<PageBundle>(`/open-platform/schemas/${encodeURIComponent(pageId)}`),
  list: (pageId: string, params: Record<string, string>) => api.get<ListAnswer>(base(pageId), params),
  get: (pageId: string, id: string | number, query?: Record<string, string>) =>
    api.get<Rec>(`${base(pageId)}/${id}`, query && Object.keys(query).length ? query : undefined),
  history: (pageId: string, id: string | number) =>
    api.get<{ id: number; action: string; username: string; createdAt: string; before: Rec | null; after: Rec | null }[]>(
      `${base(pageId)}/${id}/history`,
    ),
  create: (pageId: string, body: Record<string, unknown>, query?: Record<string, string>) =>
    api.post<Rec>(withQuery(base(pageId), query), body, { silent: true }),
  update: (pageId: string, id: string | number, body: Record<string, unknown>, query?: Record<string, string>) =>
    api.put<Rec>(withQuery(`${base(pageId)}/${id}`, query), body, { silent: true }),
  // The callers tell a refusal (in use, built in) themselves: the request layer stays silent.
  remove: (pageId: string, id: string | number) => api.del<{ deleted: number }>(`${base(pageId)}/${id}`, { silent: true }),
  bulkDelete: (pageId: string, ids: number[]) => api.post<{ deleted: number }>(`${base(pageId)}/bulk-delete`, { ids }, { silent: true }),
  transition: (pageId: string, id: number, name: string, body: Record<string, unknown>) =>
    api.post<Rec>(`${base(pageId)}/${id}/transitions/${encodeURIComponent(name)}`, body, { silent: true }),
  action: (pageId: string, id: number, name: string, body: Record<string, unknown>) =>
    api.post<unknown>(`${base(pageId)}/${id}/actions/${encodeURIComponent(name)}`, body, { silent: true }),
  current: (pageId: string, partyCode?: string) =>
    api.get<{ partyCode: string; record: Rec | null }>(`${base(pageId)}/current`, partyCode ? { partyCode } : undefined),
  report: (pageId: string, params: Record<string, string>) => api.get<Record<string, unknown>[]>(`${base(pageId)}/report`, params),
  dashboard: (pageId: string) => api.get<DashboardAnswer>(`${base(pageId)}/dashboard`),
  chain: (pageId: string, id: number, name: string) => api.get<ChainAnswer>(`${base(pageId)}/${id}/chain/${encodeURIComponent(name)}`),
  relatedSummary: (pageId: string, id: number, name: string) =>
    api.get<RelatedSummaryAnswer>(`${base(pageId)}/${id}/related-summary/${encodeURIComponent(name)}`),

  /** Streams the export from the server to a file; the bearer token rides in the header, not the URL. */
  async download(pageId: string, params: Record<string, string>, format: 'csv' | 'xlsx'): Promise<void> {
    const res = await http.get<Blob>(`${base(pageId)}/export`, {
      params: { ...params, format, tzOffset: String(new Date().getTimezoneOffset()) },
      responseType: 'blob',
      headers: getToken() ? { Authorization: `Bearer ${getToken()}` } : {},
    });
    const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''))?.[1] ?? `export.${format}`;
    saveBlob(res.data, name);
  },
};

export function can(actions: string[], action: string): boolean {
  if (actions.includes('*')) return true;
  if (action === 'read') return actions.length > 0;
  return actions.includes(action);
}
