import { maskValue, mayUnmask } from './masking.js';
import type { AppContext } from '../context.js';
import { translate, type Language } from '../i18n/messages.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { fieldSchema } from '../../shared/schema/model.js';
import { columnType } from '../../shared/schema/sql.js';
import { scopeByCondition, scopedParty, type PageAccess } from './access.js';
import { fieldConditions, likeCondition, type Condition } from './filters.js';
import { applyWhere } from './list.js';
import { groupSql, measureSql } from './aggregate.js';
import { lockConditions } from './locks.js';
import { toRecord } from './rows.js';
import { fillableFields } from '../../shared/schema/refFill.js';
import { dynamicView } from '../db/connect.js';

/** Reference options: up to 20 records matching q, or exactly the given keys (to label stored values). */
export async function listOptions(ctx: AppContext, access: PageAccess, query: Record<string, unknown>, lang: Language) {
  const page = access.page;
  const { table, label } = page.resource!;
  const key = page.resource!.key ?? 'id';
  const conditions: Condition[] = [];
  const party = scopedParty(access);
  if (party) conditions.push((eb) => eb('partyCode', '=', party));
  conditions.push(...lockConditions(ctx.database, page, page.fixedFilter ?? {}));
  const named = scopeByCondition(ctx, access);
  if (named) conditions.push(named);
  // A referencing field's x-ref-filter arrives as field filters of this page: they only narrow the choice.
  const { q: _q, ids: _ids, fields: wanted, ...filters } = query;
  void _q;
  void _ids;
  // Fields a fill of some referencing page reads (x-ref-fill) come with each option when asked for, never others.
  const allowed = fillableFields(ctx.schemas.pages as Map<string, PageSchema>).get(page.id) ?? new Set<string>();
  const extra =
    typeof wanted === 'string'
      ? wanted
          .split(',')
          .filter((f) => allowed.has(f) && !page.model?.properties[f]?.['x-mask'])
          .slice(0, 20)
      : [];
  conditions.push(...fieldConditions(ctx.database, page, filters));
  // Organisations are named to customers only by their own: the list of all customers is not theirs to see.
  if (table === 'sys_party' && access.user.partyKind !== 'platform') conditions.push((eb) => eb('code', '=', access.user.partyCode));
  if (typeof query.ids === 'string' && query.ids) {
    const raw = query.ids.split(',').slice(0, 200);
    // An id that cannot exist is not looked up (PostgreSQL refuses non-integers and an empty IN list).
    const ids = key === 'id' ? raw.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : raw;
    if (!ids.length) return [];
    conditions.push((eb) => eb(key, 'in', ids));
  } else if (typeof query.q === 'string' && query.q.trim()) {
    conditions.push(likeCondition(ctx.database, label, query.q.trim()));
  }
  let q = dynamicView(ctx.database.db)
    .selectFrom(table)
    .select([...new Set([key, label, ...extra])]);
  q = applyWhere(q, conditions)
    .orderBy(label)
    .limit(typeof query.ids === 'string' ? 200 : 20);
  const rows = await q.execute();
  const labelMask =
    page.model?.properties[label]?.['x-mask'] && !mayUnmask(access, page.model.properties[label])
      ? page.model.properties[label]['x-mask']
      : null;
  if (labelMask) for (const r of rows) r[label] = maskValue(labelMask.kind, r[label]);
  // A label that is a message key (menu titles) is shown translated.
  const labelled = (r: Record<string, unknown>) =>
    typeof r[label] === 'string' && /^[a-z]+(\.[A-Za-z0-9_]+)+$/.test(r[label] as string) ? translate(lang, r[label] as string) : r[label];
  if (!extra.length) return rows.map((r) => ({ value: r[key], label: labelled(r) }));
  return rows.map((r) => ({ value: r[key], label: labelled(r), fields: toRecord(page, Object.fromEntries(extra.map((f) => [f, r[f]]))) }));
}

/** Grouped aggregates of a report page's source table, within the caller's scope. */
export async function runReport(ctx: AppContext, access: PageAccess, source: PageSchema, conditions: Condition[]) {
  const spec = access.page.report!;
  const group = groupSql(ctx, source, spec);
  let q = dynamicView(ctx.database.db)
    .selectFrom(source.resource!.table)
    .select([group.as('groupKey'), ...spec.measures.map(measureSql)]);
  q = applyWhere(q, conditions).groupBy(group).orderBy(group).limit(500);
  const rows = await q.execute();
  return rows.map((r) => ({
    key: r.groupKey,
    ...Object.fromEntries(spec.measures.map((m) => [m.name, r[m.name] === null ? null : Number(r[m.name])])),
  }));
}

/** The audit trail of one record, newest first. */
export async function recordHistory(ctx: AppContext, page: PageSchema, id: number) {
  const rows = await ctx.database.core
    .selectFrom('sys_audit')
    .select(['id', 'action', 'username', 'createdAt', 'before', 'after'])
    .where('page', '=', page.id)
    .where('recordId', '=', id)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({ ...r, before: r.before ? JSON.parse(r.before) : null, after: r.after ? JSON.parse(r.after) : null }));
}

export function isNumericField(page: PageSchema, name: string) {
  const f = fieldSchema(page, name);
  return Boolean(f && (columnType(f) === 'integer' || columnType(f) === 'real'));
}
