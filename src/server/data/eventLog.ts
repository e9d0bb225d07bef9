import type { SessionUser } from '../context.js';
import type { Db } from '../db/connect.js';
import type { PageSchema } from '../../shared/schema/types.js';
import type { Row } from './rows.js';
import { isComputedOnRead } from '../../shared/schema/computed.js';
import { dynamicView } from '../db/connect.js';

/** Each page with `events`, to its log page, for the pages a server serves now (set when its tables are prepared). */
const logPages = new WeakMap<PageSchema, PageSchema>();

export function linkEventLogs(pages: ReadonlyMap<string, PageSchema>): void {
  for (const page of pages.values()) {
    const log = page.events && pages.get(page.events.page);
    if (log) logPages.set(page, log);
  }
}

/** Stored system fields and secrets are not "what changed". */
const SKIP = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

const shown = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The fields whose values differ between before and after, with both values as text. */
export function changesOf(page: PageSchema, before: Row | null, after: Row | null): { field: string; from: string; to: string }[] {
  const out: { field: string; from: string; to: string }[] = [];
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    // Values computed on read are not stored, so they never change by a write (days left changes by the day).
    if (SKIP.has(name) || f.writeOnly || f['x-hash'] || isComputedOnRead(f)) continue;
    const [from, to] = [shown(before?.[name]), shown(after?.[name])];
    if (from !== to) out.push({ field: name, from, to });
  }
  return out;
}

/**
 * Writes the event row of a create, edit, transition or delete into the page's log page, in the
 * write's transaction: the record's key, the event, the changed fields, and who and when as the
 * row's createdBy and createdAt.
 */
export async function writeEvent(
  db: Db,
  user: SessionUser,
  page: PageSchema,
  action: string,
  before: Row | null,
  after: Row | null,
): Promise<void> {
  const spec = page.events;
  const log = logPages.get(page);
  if (!spec || !log?.resource) return;
  const kind = action.startsWith('transition:') ? 'transition' : action;
  if (!['create', 'update', 'delete', 'transition'].includes(kind) || (spec.on && !spec.on.includes(kind as never))) return;
  const record = after ?? before ?? {};
  const now = new Date().toISOString();
  const party = log.resource.scope === 'party' ? { partyCode: String(record.partyCode ?? user.partyCode ?? '') } : {};
  await dynamicView(db)
    .insertInto(log.resource.table)
    .values({
      [spec.field]: record[page.resource?.key ?? 'id'] as never,
      event: kind === 'transition' ? action.slice('transition:'.length) : kind,
      changes: JSON.stringify(changesOf(page, before, after)),
      ...party,
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: user.username,
      updatedBy: user.username,
    })
    .execute();
}
