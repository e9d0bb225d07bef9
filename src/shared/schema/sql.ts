import type { ColumnSpec, ColumnType, IndexSpec, TableSpec } from './tableSpec';
import { SYSTEM_COLUMNS, withoutRedundantIndexes } from './tableSpec';
import type { FieldSchema, PageSchema } from './types';
import { parseSort } from './model';
import { isComputedOnRead } from './computed';

/** Storage type of a model field: arrays, objects and multi-references are JSON text. */
export function columnType(f: FieldSchema): ColumnType {
  if (f['x-ref-multiple'] || f.type === 'array' || f.type === 'object') return 'json';
  if (f.type === 'integer') return 'integer';
  if (f.type === 'number') return 'real';
  if (f.type === 'boolean') return 'boolean';
  if (f.format === 'date-time') return 'datetime';
  return 'text';
}

/** The table a page keeps: its model's columns, partyCode when scoped, system columns, and indexes for sorting and filtering. */
export function pageTableSpec(page: PageSchema): TableSpec | null {
  if (!page.resource || !page.model) return null;
  const columns: ColumnSpec[] = [];
  const indexes: IndexSpec[] = [];
  for (const [name, f] of Object.entries(page.model.properties)) {
    if (f['x-hash']) {
      columns.push({ name: f['x-hash'].column, type: 'text' });
      continue;
    }
    if (isComputedOnRead(f)) continue;
    columns.push({ name, type: columnType(f), unique: f['x-unique'] || undefined });
    // A stored secret is never shown; when it was set is ("set on <date>").
    if (f.writeOnly) columns.push({ name: `${name}SetAt`, type: 'datetime' });
    if (f['x-index'] && !f['x-unique']) indexes.push({ columns: [name] });
  }
  if (page.resource.scope === 'party' && !page.model.properties.partyCode) {
    columns.push({ name: 'partyCode', type: 'text', notNull: true, defaultValue: '' });
  }
  if (page.resource.scope === 'party') indexes.push({ columns: ['partyCode'] });
  if (page.states) indexes.push({ columns: [page.states.field] });
  if (page.list?.defaultSort) {
    const { field } = parseSort(page.list.defaultSort);
    if (field !== 'id' && !indexes.some((i) => i.columns.length === 1 && i.columns[0] === field)) indexes.push({ columns: [field] });
  }
  if (page.log && !indexes.some((i) => i.columns[0] === page.log!.timeField)) indexes.push({ columns: [page.log.timeField] });
  // A filter on an indexed field, listed in the default order, reads the composite index in order
  // instead of sorting every match: the first page of a huge table stays cheap.
  const sortField = page.list?.defaultSort ? parseSort(page.list.defaultSort).field : null;
  if (sortField) {
    for (const name of page.list?.filters ?? []) {
      const f = page.model.properties[name];
      const indexed = f && (f['x-index'] || f['x-unique'] || page.states?.field === name);
      if (indexed && name !== sortField) indexes.push({ columns: [name, sortField] });
    }
    if (page.resource.scope === 'party' && sortField !== 'partyCode') indexes.push({ columns: ['partyCode', sortField] });
    // Every query of a page with a fixed filter carries it: the filter's fields lead its indexes.
    const fixed = Object.keys(page.fixedFilter ?? {}).filter((f) => f !== sortField);
    if (fixed.length) {
      indexes.push({ columns: [...fixed, sortField] });
      if (page.resource.scope === 'party' && !fixed.includes('partyCode')) indexes.push({ columns: ['partyCode', ...fixed, sortField] });
    }
  }
  for (const group of page.resource.uniqueTogether ?? []) indexes.push({ columns: group, unique: true });
  const own = new Set(columns.map((c) => c.name));
  return {
    name: page.resource.table,
    owner: `page ${page.id}`,
    columns: [...columns, ...SYSTEM_COLUMNS.filter((c) => !own.has(c.name))],
    indexes: withoutRedundantIndexes(
      indexes,
      columns.filter((c) => c.unique).map((c) => c.name),
    ),
  };
}
