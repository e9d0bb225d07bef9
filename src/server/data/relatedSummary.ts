import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { translate, type Language } from '../i18n/messages.js';
import { fieldSchema, readableFields } from '../../shared/schema/model.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { allows, pageAccess, type PageAccess } from './access.js';
import { displayValue } from './format.js';
import { listRecords, whereFor } from './list.js';
import { resolveLocks } from './locks.js';
import { maskerFor } from './masking.js';
import { loadScoped } from './write.js';

export interface SummaryCell {
  value: unknown;
  text: string | number | null;
  color?: string;
}

export interface SummaryLine {
  page: string;
  /** The page's title in the caller's language. */
  title: string;
  /** Records of the page that belong to the parent (capped like list totals). */
  count: number;
  /** The parent's most recently changed record of the page. */
  latest: { id: number; updatedAt: unknown; cells: Record<string, SummaryCell> } | null;
  /** Whether the caller may add a record of the page for this parent. */
  canCreate: boolean;
}

export interface RelatedSummary {
  columns: { field: string; title: string }[];
  lines: SummaryLine[];
}

/**
 * One tab over several child pages (page.relationGroups): for each page the caller may read, how
 * many of its records belong to this parent and the latest one. Each page is read through its own
 * access check, organisation scope and fixed filter; a page the caller may not read is left out.
 */
export async function relatedSummary(
  ctx: AppContext,
  req: FastifyRequest,
  parent: PageAccess,
  id: number,
  name: string,
): Promise<RelatedSummary> {
  const group = parent.page.relationGroups?.find((g) => g.name === name);
  if (!group) throw notFound('server.data.unknownRelation', { name: name.slice(0, 40) });
  const record = await loadScoped(ctx, parent, id);
  const key = record[parent.page.resource!.key ?? 'id'];
  const lang = req.lang;
  const lines: SummaryLine[] = [];
  const columnTitles = new Map<string, string>();
  for (const pageId of group.pages) {
    const access = await childAccess(ctx, req, pageId);
    if (!access) continue;
    const child = access.page;
    // Held to the parent exactly as a list opened with ?parent= is: a parent the caller cannot see is 404.
    const locks = await resolveLocks(ctx, access.user, child, { parent: String(key), parentField: group.field });
    const locked: PageAccess = { ...access, locks };
    // The latest change, whatever the page lets its list sort by.
    const answer = await listRecords(ctx, child, {
      page: 1,
      size: 1,
      sort: { field: 'updatedAt', desc: true },
      conditions: whereFor(ctx, locked, {}),
    });
    const mask = maskerFor(access, child);
    const row = answer.list[0] ? (mask ? mask(answer.list[0]) : answer.list[0]) : null;
    const shown = (group.columns ?? []).filter((f) => readableFields(child).includes(f));
    for (const f of shown) if (!columnTitles.has(f)) columnTitles.set(f, translate(lang, fieldSchema(child, f)!.title));
    lines.push({
      page: child.id,
      title: translate(lang, child.title),
      count: answer.total,
      latest: row
        ? { id: Number(row.id), updatedAt: row.updatedAt, cells: Object.fromEntries(shown.map((f) => [f, cell(child, f, row[f], lang)])) }
        : null,
      canCreate: mayCreate(access),
    });
  }
  const columns = (group.columns ?? []).filter((f) => columnTitles.has(f)).map((field) => ({ field, title: columnTitles.get(field)! }));
  return { columns, lines };
}

/** The caller's access to a child page, or null when it may not read it (the line is left out). */
async function childAccess(ctx: AppContext, req: FastifyRequest, pageId: string): Promise<PageAccess | null> {
  try {
    return await pageAccess(ctx, req, pageId, 'read');
  } catch (e) {
    if (e instanceof AppError && e.status === 403) return null;
    throw e;
  }
}

function mayCreate(access: PageAccess): boolean {
  const page = access.page;
  if (page.kind !== 'crud' || page.resource?.readOnly || !(page.list?.actions ?? []).includes('create')) return false;
  if (page.resource?.scopeBy && access.user.partyKind !== 'platform') return false;
  return allows(access.actions, 'create');
}

function cell(page: PageSchema, field: string, value: unknown, lang: Language): SummaryCell {
  const f = fieldSchema(page, field);
  const text = displayValue(f, value, lang, 0, () => undefined);
  const color = f?.['x-enum-colors'] && typeof value === 'string' ? f['x-enum-colors'][value] : undefined;
  return { value: value ?? null, text: text === null ? null : text, ...(color ? { color } : {}) };
}
