import { api } from '../../engine/data/request';
import type { PageSchema } from '../../shared/schema/types';

export interface PlacedProblem { page: string; message: string; line: number; column: number }
export interface PageEntry { id: string; title: string; revision: number | null }
export interface Version { revision: number; source: string; author: string; note: string | null; createdAt: string }
export interface OpenedPage { id: string; source: string; revision: number | null; file: string | null; versions: Version[] }
export interface Preview { problems: PlacedProblem[]; page: PageSchema | null; messages?: Record<string, string>; saved?: boolean }
export interface Applied { revision: number; pages: number; tables: string[] }

const base = '/open-platform/playground';

/** Calls of the playground routes (server/schemas/playground.ts). */
export const playgroundApi = {
  pages: () => api.get<PageEntry[]>(`${base}/pages`),
  open: (id: string) => api.get<OpenedPage>(`${base}/page`, { id }),
  preview: (id: string, source: string) => api.post<Preview>(`${base}/preview`, { id, source }, { silent: true }),
  save: (id: string, source: string, note: string) => api.post<Applied>(`${base}/save`, { id, source, ...(note ? { note } : {}) }, { silent: true }),
  rollback: (id: string, revision: number) => api.post<Applied>(`${base}/rollback`, { id, revision }),
};
