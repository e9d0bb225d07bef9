/**
 * New pages start from one of these: the smallest schema of each kind that passes every check, so
 * the analyst edits a working page from the first keystroke. Titles are message keys named after
 * the page, as the checks ask; fields reuse the shared field titles.
 */
export type StarterKind = 'crud' | 'log';

export const STARTER_KINDS: StarterKind[] = ['crud', 'log'];

/** Table names are lower snake case; the page id gives one that no other page uses. */
const tableOf = (id: string) =>
  `pg_${id
    .replace(/\//g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()}`;

export function starter(kind: StarterKind, id: string): string {
  const key = `pages.${id.replace(/\//g, '.')}`;
  const status = {
    type: 'string',
    title: 'fields.status',
    enum: ['active', 'disabled'],
    default: 'active',
    'x-enum-labels': 'enums.activeStatus',
    'x-cell': 'StatusTag',
  };
  const page =
    kind === 'crud'
      ? {
          id,
          kind,
          title: `${key}.title`,
          resource: { table: tableOf(id), scope: 'party', label: 'name', search: ['name', 'code'] },
          model: {
            type: 'object',
            required: ['code', 'name'],
            properties: {
              code: { type: 'string', title: 'fields.code', pattern: '^[A-Z0-9]{2,20}$', 'x-unique': true },
              name: { type: 'string', title: 'fields.name', maxLength: 40 },
              status,
              remark: { type: 'string', title: 'fields.remark', maxLength: 200, 'x-component': 'Input.TextArea' },
            },
          },
          list: { columns: ['code', 'name', 'partyCode', 'status', 'createdAt'], filters: ['status'] },
          form: { fields: ['code', 'name', 'status', 'remark'] },
          detail: { sections: [{ title: 'sections.basic', fields: ['code', 'name', 'partyCode', 'status', 'remark', 'createdAt'] }] },
        }
      : {
          id,
          kind,
          title: `${key}.title`,
          resource: { table: tableOf(id), scope: 'party', label: 'content' },
          model: {
            type: 'object',
            required: ['content'],
            properties: {
              happenedAt: { type: 'string', title: 'fields.createdAt', format: 'date-time' },
              content: { type: 'string', title: 'fields.description', maxLength: 200 },
              status,
            },
          },
          log: { timeField: 'happenedAt' },
          list: {
            columns: ['happenedAt', 'partyCode', 'content', 'status'],
            filters: ['happenedAt', 'status'],
            defaultSort: '-happenedAt',
          },
          detail: { sections: [{ title: 'sections.basic', fields: ['happenedAt', 'partyCode', 'content', 'status'] }] },
        };
  return `${JSON.stringify({ $schema: '../../shared/schema/page.schema.json', ...page }, null, 2)}\n`;
}
