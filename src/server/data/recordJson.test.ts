import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../shared/schema/types.js';
import { recordJson, selectColumns, toRecord, type Row } from './rows.js';

const page = {
  id: 'test/recordJson',
  kind: 'crud',
  title: 't',
  resource: { table: 't_record_json', scope: 'party' },
  model: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'n' },
      amountFen: { type: 'integer', title: 'a' },
      active: { type: 'boolean', title: 'b' },
      tags: { type: 'array', title: 'tags', items: { type: 'string' } },
      detail: { type: 'object', title: 'd' },
      secret: { type: 'string', title: 's', writeOnly: true },
      at: { type: 'string', title: 'at', format: 'date-time' },
    },
  },
} as unknown as PageSchema;

const onRead = {
  ...page,
  id: 'test/recordJsonOnRead',
  model: {
    type: 'object',
    properties: {
      ...page.model!.properties,
      doubled: { type: 'integer', title: 'x', readOnly: true, 'x-computed': { expr: 'amountFen * 2' } },
    },
  },
} as unknown as PageSchema;

// Stored rows as SQLite and PostgreSQL hand them back: booleans as 0/1 or true/false, JSON as text.
const columns = [
  'name',
  'amountFen',
  'active',
  'tags',
  'detail',
  'secret',
  'secretSetAt',
  'partyCode',
  'at',
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'id',
];
const rows: unknown[][] = [
  [
    '张三 "quoted" \\ \n',
    12_345,
    1,
    '["a","b"]',
    '{"k":{"n":1}}',
    'cipher',
    '2026-01-01T00:00:00.000Z',
    'C1001',
    '2026-11-25T08:00:00.000Z',
    1,
    'c',
    'u',
    'admin',
    'admin',
    7,
  ],
  ['b', 0, 0, null, 'not json', null, null, 'C1002', null, 1, 'c', 'u', 'admin', 'admin', 8],
  ['c', null, true, '[]', null, null, null, 'C1001', null, 2, 'c', 'u', null, null, 9],
  [null, -5, false, null, '{}', 'x', null, 'C1001', null, 1, 'c', 'u', 'admin', 'admin', 10],
];
const asRow = (values: unknown[], names = columns): Row => Object.fromEntries(names.map((c, i) => [c, values[i]]));
// A row read back has every selected column; those not inserted are NULL.
const readBack = (values: unknown[], names = columns): Row => ({
  ...Object.fromEntries(selectColumns(page).map((c) => [c, null])),
  ...asRow(values, names),
});

describe('the created record as JSON for audits (recordJson)', () => {
  it('writes what JSON.stringify(toRecord(row)) writes, secrets left out', () => {
    const json = recordJson(page, columns);
    for (const values of rows) {
      expect(json(values)).toBe(JSON.stringify(toRecord(page, readBack(values))));
      expect(json(values)).not.toContain('cipher');
    }
  });

  it('gives null for the fields that had no column, as the row read back does', () => {
    const some = ['amountFen', 'id', 'active', 'unknown'];
    const json = recordJson(page, some);
    expect(json([3, 4, 1, 'x'])).toBe(JSON.stringify(toRecord(page, readBack([3, 4, 1, 'x'], some))));
    expect(JSON.parse(json([3, 4, 1, 'x']))).toMatchObject({ amountFen: 3, id: 4, active: true, name: null, tags: null, createdAt: null });
    expect(json([3, 4, 1, 'x'])).not.toContain('unknown');
  });

  it('adds values computed on read, through the record', () => {
    const json = recordJson(onRead, columns);
    for (const values of rows) expect(json(values)).toBe(JSON.stringify(toRecord(onRead, readBack(values))));
    expect(JSON.parse(json(rows[0])).doubled).toBe(24_690);
  });
});
