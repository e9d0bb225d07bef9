import { api } from '../../client/request';
import type { PageSchema } from '../../shared/schema/types';
import type { PlaygroundMenu } from '../../shared/schema/menuFile';
import type { LibraryNames } from './metaHelp';

export interface PlacedProblem {
  page: string;
  message: string;
  line: number;
  column: number;
}
export interface PageEntry {
  id: string;
  title: string;
  revision: number | null;
}
export interface Version {
  revision: number;
  source: string;
  author: string;
  note: string | null;
  createdAt: string;
}
export type MessageTexts = Record<'zh' | 'en' | 'es' | 'ja', Record<string, string>>;
export type { PlaygroundMenu };
export interface OpenedPage {
  id: string;
  source: string;
  revision: number | null;
  file: string | null;
  versions: Version[];
  /** A page made here: its messages and menu entry as last saved; removed: rolled back to nothing. */
  messages?: MessageTexts | null;
  menu?: PlaygroundMenu | null;
  removed?: boolean;
  /** The field library's names, for completion. */
  library?: LibraryNames;
}
export interface Extras {
  messages: MessageTexts;
  menu: PlaygroundMenu;
}
export interface Preview {
  problems: PlacedProblem[];
  page: PageSchema | null;
  messages?: Record<string, string>;
  saved?: boolean;
}
export interface Applied {
  revision: number;
  pages: number;
  tables: string[];
}

const base = '/open-platform/playground';

/** Calls of the playground routes (server/schemas/playground.ts). */
export const playgroundApi = {
  pages: () => api.get<PageEntry[]>(`${base}/pages`),
  open: (id: string) => api.get<OpenedPage>(`${base}/page`, { id }),
  preview: (id: string, source: string, messages?: MessageTexts) =>
    api.post<Preview>(`${base}/preview`, { id, source, ...(messages ? { messages } : {}) }, { silent: true }),
  save: (id: string, source: string, note: string, extras?: Extras) =>
    api.post<Applied>(`${base}/save`, { id, source, ...(note ? { note } : {}), ...(extras ?? {}) }, { silent: true }),
  remove: (id: string) => api.post<Applied>(`${base}/delete`, { id }),
  menus: () => api.get<{ code: string; title: string }[]>(`${base}/menus`),
  rollback: (id: string, revision: number) => api.post<Applied>(`${base}/rollback`, { id, revision }),
};
