import type { PageBundle } from '../data/pageApi';

/** A small crud page for the controllers' tests. */
export const bundle: PageBundle = {
  page: {
    id: 'test/item',
    kind: 'crud',
    title: 'Items',
    resource: { table: 't_item', label: 'name' },
    model: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', title: 'Name', maxLength: 20, 'x-index': true },
        qty: { type: 'integer', title: 'Qty', minimum: 0 },
      },
    },
    list: { columns: ['name', 'qty'], filters: ['name'], bulkActions: ['delete'] },
    form: { fields: ['name', 'qty'] },
  },
  messages: {},
  actions: ['*'],
};

export const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, version: 1, name: `item ${String.fromCharCode(97 + ((i * 7) % 26))}`, qty: i }));
