import type { AppContext } from '../context.js';
import type { Database } from '../db/connect.js';
import { checkSchemas } from './load.js';

/**
 * Page schemas saved in the playground. The files under src/schemas stay the reviewed source; a saved
 * version is a live override of one page's file until the file is changed to match it (the playground
 * offers the text to download for review). A page's current version is its highest revision, and a
 * rollback writes a new revision with an older text, so the history is never rewritten.
 */

export interface SchemaVersion {
  revision: number;
  source: string;
  author: string;
  note: string | null;
  createdAt: string;
  /** JSON of the page's messages ({zh, en, es, ja}) and menu entry, for a page made in the playground. */
  messages?: string | null;
  menu?: string | null;
}

/** A revision with an empty text removes a page made in the playground (its file never existed). */
export const REMOVED = '';

/** The latest revision of every page saved in the playground, removed pages included. */
export async function latestVersions(
  database: Database,
): Promise<{ pageId: string; source: string; messages: string | null; menu: string | null }[]> {
  return database.core
    .selectFrom('sys_schema_version as v')
    .select(['v.pageId', 'v.source', 'v.messages', 'v.menu'])
    .where('v.revision', '=', (eb) =>
      eb
        .selectFrom('sys_schema_version as w')
        .select((w) => w.fn.max('w.revision').as('m'))
        .whereRef('w.pageId', '=', 'v.pageId'),
    )
    .execute();
}

/** Page id -> the JSON text of its latest saved revision (pages removed in the playground left out). */
export async function storedSchemas(database: Database): Promise<Map<string, string>> {
  return new Map((await latestVersions(database)).filter((r) => r.source !== REMOVED).map((r) => [r.pageId, r.source]));
}

export async function versionsOf(database: Database, pageId: string): Promise<SchemaVersion[]> {
  return database.core
    .selectFrom('sys_schema_version')
    .select(['revision', 'source', 'author', 'note', 'createdAt', 'messages', 'menu'])
    .where('pageId', '=', pageId)
    .orderBy('revision', 'desc')
    .execute();
}

/** Adds a revision after the page's last; the unique (pageId, revision) index refuses a concurrent twin. */
export async function addVersion(
  database: Database,
  pageId: string,
  source: string,
  author: string,
  note: string | null,
  extras: { messages?: string | null; menu?: string | null } = {},
): Promise<number> {
  const last = await database.core
    .selectFrom('sys_schema_version')
    .select((eb) => eb.fn.max('revision').as('m'))
    .where('pageId', '=', pageId)
    .executeTakeFirst();
  const revision = Number(last?.m ?? 0) + 1;
  const now = new Date().toISOString();
  await database.core
    .insertInto('sys_schema_version')
    .values({
      pageId,
      revision,
      source,
      author,
      note,
      messages: extras.messages ?? null,
      menu: extras.menu ?? null,
      createdBy: author,
      updatedBy: author,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return revision;
}

/** Undoes addVersion when applying the new revision failed, so the stored current version stays the applied one. */
export async function dropVersion(database: Database, pageId: string, revision: number): Promise<void> {
  await database.core.deleteFrom('sys_schema_version').where('pageId', '=', pageId).where('revision', '=', revision).execute();
}

/**
 * At start, the saved versions replace their files in the pages just loaded. If the files have
 * changed so that a saved version no longer fits (a page it refers to was removed, say), the files
 * alone are used and the problems logged: a database row must never stop a reviewed release.
 */
export async function applyStoredAtStart(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  const stored = await storedSchemas(ctx.database);
  if (!stored.size) return;
  const { pages, problems } = checkSchemas(ctx.config.schemasDir, stored);
  if (problems.length) {
    log(`saved page versions not applied (${problems.length} problems), the schema files are used: ${problems.join('; ')}`);
    return;
  }
  ctx.schemas.pages.clear();
  pages.forEach((p, id) => ctx.schemas.pages.set(id, p));
  log(`saved page versions applied: ${[...stored.keys()].join(', ')}`);
}
