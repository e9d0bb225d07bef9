import type { PageSchema } from '../../shared/schema/types.js';
import type { AppDatabase } from './connect.js';

/**
 * The table of a page the server's own code knows by id (a job, an action, a dashboard), named as a
 * literal so its queries are typed through AppDatabase: renaming a field of that page in its schema
 * and regenerating (npm run gen:tables) breaks the build where the field is used. Null when the page
 * is not loaded. A schema that moves the page to another table must come with the code that reads
 * it, so that mismatch stops the call with a message naming both tables.
 */
export function knownTable<T extends keyof AppDatabase>(pages: ReadonlyMap<string, PageSchema>, pageId: string, table: T): T | null {
  const page = pages.get(pageId);
  return page?.resource ? tableOfPage(page, table) : null;
}

/** The table of a page the code has in hand, checked as knownTable checks it. */
export function tableOfPage<T extends keyof AppDatabase>(page: PageSchema, table: T): T {
  const actual = page.resource?.table;
  if (actual !== table) throw new Error(`page ${page.id} keeps its rows in ${actual}, but the server's code reads ${table}`);
  return table;
}
