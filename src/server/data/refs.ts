import type { AppContext } from '../context.js';
import type { PageAccess } from './access.js';
import { toStored, type Row } from './rows.js';
import type { FieldSchema, PageSchema } from '../../shared/schema/types.js';
import { objectItemFields } from '../../shared/schema/keywordChecks.js';
import { dynamicView } from '../db/connect.js';

type FieldErrors = Record<string, { key: string; params?: Record<string, unknown> }>;

/**
 * Every reference in a body must name an existing record the caller may see: a customer cannot
 * point a record at another organisation's department or staff.
 */
export async function checkReferences(ctx: AppContext, access: PageAccess, values: Row): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [name, f, v] of referenceValues(access.page, values)) {
    if (!f['x-ref'] || v === null || v === undefined) continue;
    const target = ctx.schemas.pages.get(f['x-ref']) as PageSchema;
    if (!target.resource) continue;
    const key = target.resource.key ?? 'id';
    const wanted = Array.isArray(v) ? v : [v];
    if (!wanted.length) continue;
    // A value that cannot be an id is missing, not looked up (PostgreSQL refuses it with an error).
    const lookup = key === 'id' ? wanted.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : wanted;
    let q = dynamicView(ctx.database.db)
      .selectFrom(target.resource.table)
      .select(key)
      .where(key, 'in', lookup as never[]);
    if (target.resource.scope === 'party' && access.user.partyKind !== 'platform') q = q.where('partyCode', '=', access.user.partyCode);
    // Only records the field's x-ref-filter allows count: a plan names customer organisations, never the platform.
    for (const [k, want] of Object.entries(f['x-ref-filter'] ?? {}))
      q = q.where(k, '=', toStored(ctx.database, target, { [k]: want })[k] as never);
    const found = new Set(lookup.length ? (await q.execute()).map((r) => String(r[key])) : []);
    const missing = wanted.filter((w) => !found.has(String(w)));
    if (missing.length) errors[name] = { key: 'server.data.refMissing', params: { field: f.title, value: missing.slice(0, 3).join(', ') } };
  }
  return errors;
}

/** Fields with their values, and each sub-table cell that references a page as its own entry (tiers.0.partyCode). */
function referenceValues(page: PageSchema, values: Row): [string, FieldSchema, unknown][] {
  const out: [string, FieldSchema, unknown][] = [];
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    out.push([name, f, values[name]]);
    const rows = values[name];
    if (!Array.isArray(rows)) continue;
    for (const [sub, sf] of objectItemFields(f)) {
      if (!sf['x-ref']) continue;
      rows.forEach((item, i) => out.push([`${name}.${i}.${sub}`, sf, (item as Row | null)?.[sub]]));
    }
  }
  return out;
}
