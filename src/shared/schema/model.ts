import type { FieldSchema, PageSchema } from './types';
import { SYSTEM_FIELDS } from './types';
import { holds } from './expression';

/** Everything a page's records carry: model fields, partyCode when scoped, and system columns. */
export function recordFields(page: PageSchema): string[] {
  const own = Object.keys(page.model?.properties ?? {});
  const scoped = page.resource?.scope === 'party' && !own.includes('partyCode') ? ['partyCode'] : [];
  return [...own, ...scoped, ...SYSTEM_FIELDS];
}

const SYSTEM_FIELD_SCHEMAS: Record<string, FieldSchema> = {
  id: { type: 'integer', title: 'fields.id', readOnly: true },
  version: { type: 'integer', title: 'fields.version', readOnly: true },
  createdAt: { type: 'string', format: 'date-time', title: 'fields.createdAt', readOnly: true },
  updatedAt: { type: 'string', format: 'date-time', title: 'fields.updatedAt', readOnly: true },
  createdBy: { type: 'string', title: 'fields.createdBy', readOnly: true },
  updatedBy: { type: 'string', title: 'fields.updatedBy', readOnly: true },
  partyCode: { type: 'string', title: 'fields.partyCode', 'x-ref': 'platformUser/partyManage', readOnly: true },
};

/** The schema of any field a record may carry, system fields included. */
export function fieldSchema(page: PageSchema, name: string): FieldSchema | undefined {
  return page.model?.properties[name] ?? (recordFields(page).includes(name) ? SYSTEM_FIELD_SCHEMAS[name] : undefined);
}

/** Fields a client may write: not read-only, not system. */
export function writableFields(page: PageSchema): string[] {
  return Object.entries(page.model?.properties ?? {})
    .filter(([, f]) => !f.readOnly)
    .map(([k]) => k);
}

/** Fields ever sent to a client: everything but secrets. */
export function readableFields(page: PageSchema): string[] {
  return recordFields(page).filter((k) => !page.model?.properties[k]?.writeOnly);
}

export function isSortable(page: PageSchema, name: string): boolean {
  if (page.list?.sortable) return page.list.sortable.includes(name);
  const f = page.model?.properties[name];
  if (f) return Boolean(f['x-index'] || f['x-unique']);
  return ['id', 'createdAt', 'updatedAt'].includes(name);
}

/** Default filter operator of a field, from its type and format. */
export function filterOperator(f: FieldSchema): 'eq' | 'like' | 'in' | 'range' {
  if (f['x-filter']) return f['x-filter'];
  if (f.enum || f.type === 'boolean' || f['x-ref']) return 'eq';
  if (f.type === 'integer' || f.type === 'number' || f.format === 'date' || f.format === 'date-time') return 'range';
  if (f.type === 'array') return 'in';
  return 'like';
}

export function parseSort(sort: string): { field: string; desc: boolean } {
  return sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };
}

/** Fields the add/edit form shows, in order. */
export function formFields(page: PageSchema): string[] {
  const form = page.form;
  if (form?.sections) return form.sections.flatMap((s) => s.fields);
  if (form?.fields) return form.fields;
  return writableFields(page);
}

/** Whether a field takes part in the form for creating or for editing. */
export function editableIn(f: FieldSchema, mode: 'create' | 'update'): boolean {
  if (f.readOnly) return false;
  const e = f['x-editable'] ?? 'always';
  return e === 'always' || (e === 'create' && mode === 'create');
}

/** Whether a record may be deleted in its current state (states.deletableIn) and by resource.deletableWhen. */
export function canDeleteRecord(page: PageSchema, record: Record<string, unknown>): boolean {
  const allowed = page.states?.deletableIn;
  if (allowed && !allowed.includes(String(record[page.states!.field]))) return false;
  return page.resource?.deletableWhen ? holds(page.resource.deletableWhen, record) : true;
}

/** Whether a record may still be edited in its current state (states.editableIn). */
export function canEditRecord(page: PageSchema, record: Record<string, unknown>): boolean {
  const allowed = page.states?.editableIn;
  return !allowed || allowed.includes(String(record[page.states!.field]));
}

const customerViews = new WeakMap<PageSchema, PageSchema>();

/**
 * The page as a customer organisation's user has it: `states.customerEditableIn` and each
 * transition's `customerFrom` narrow where such a user may edit or run it. The server checks and
 * the console's buttons both read the narrowed page, so they agree.
 */
export function pageForCustomer(page: PageSchema): PageSchema {
  const states = page.states;
  if (!states || (!states.customerEditableIn && !states.transitions.some((t) => t.customerFrom))) return page;
  let view = customerViews.get(page);
  if (!view) {
    view = {
      ...page,
      states: {
        ...states,
        editableIn: states.customerEditableIn ?? states.editableIn,
        transitions: states.transitions.map((t) => (t.customerFrom ? { ...t, from: t.customerFrom } : t)),
      },
    };
    customerViews.set(page, view);
  }
  return view;
}
