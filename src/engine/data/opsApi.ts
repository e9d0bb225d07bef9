import { api, http } from '../../client/request';
import { getToken } from '../../client/token';
import { saveBlob } from './saveBlob';
import type { Rec } from './pageApi';

const base = (pageId: string) => `/open-platform/data/${encodeURIComponent(pageId)}`;

/** What an action answers (server/actions/types.ts); everything is optional. */
export interface ActionAnswer {
  message?: string;
  file?: { name: string; type: string; base64: string };
  rows?: Rec[];
  secrets?: Record<string, string>;
  [extra: string]: unknown;
}

export interface BulkAnswer {
  succeeded: number;
  failed: number;
  results: { id: number; ok: boolean; msg?: string; result?: ActionAnswer }[];
}

export interface ImportReport {
  rows: number;
  valid: number;
  errors: { row: number; field: string; msg: string }[];
  errorsTruncated?: boolean;
  imported?: number;
}

/** Imports read a whole file on the server: they may take longer than an ordinary call. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

export const opsApi = {
  listAction: (pageId: string, name: string, body: Record<string, unknown>) =>
    api.post<ActionAnswer>(`${base(pageId)}/actions/${encodeURIComponent(name)}`, body, { silent: true }),
  bulkAction: (pageId: string, name: string, ids: number[], body: Record<string, unknown>) =>
    api.post<BulkAnswer>(`${base(pageId)}/bulk-actions/${encodeURIComponent(name)}`, { ...body, ids }, { silent: true }),

  importFile(pageId: string, file: File, dryRun: boolean, onProgress: (fraction: number) => void): Promise<ImportReport> {
    const form = new FormData();
    form.append('file', file);
    const params = { dryRun: dryRun ? '1' : undefined, tzOffset: String(new Date().getTimezoneOffset()) };
    return api.post<ImportReport>(`${base(pageId)}/import`, form, {
      silent: true,
      params,
      timeout: IMPORT_TIMEOUT_MS,
      onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : 0),
    });
  },

  async importTemplate(pageId: string, format: 'xlsx' | 'csv'): Promise<void> {
    const res = await http.get<Blob>(`${base(pageId)}/import/template`, {
      params: { format },
      responseType: 'blob',
      headers: getToken() ? { Authorization: `Bearer ${getToken()}` } : {},
    });
    saveBlob(res.data, /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''))?.[1] ?? `template.${format}`);
  },
};

/** A file an action answered with (base64 in the envelope) is saved like a download. */
export function saveActionFile(file: NonNullable<ActionAnswer['file']>) {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  saveBlob(new Blob([bytes], { type: file.type }), file.name);
}
