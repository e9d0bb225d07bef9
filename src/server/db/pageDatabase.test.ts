import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../schemas/load.js';
import { PAGE_DATABASE_FILE, pageDatabaseSource } from './pageDatabaseSource.js';
import type { PageSchema } from '../../shared/schema/types.js';

describe('pageDatabase.generated.ts', () => {
  it('matches the page schemas (after changing a page, run npm run gen:tables)', () => {
    const committed = fs.readFileSync(path.resolve(PAGE_DATABASE_FILE), 'utf8');
    const fresh = pageDatabaseSource(loadSchemas(path.resolve('src/schemas')).pages.values());
    if (committed !== fresh) {
      const a = committed.split('\n');
      const b = fresh.split('\n');
      const line = a.findIndex((text, n) => text !== b[n]);
      expect.fail(
        `${PAGE_DATABASE_FILE} is out of date with src/schemas: run npm run gen:tables and commit the result.\n` +
          `First difference at line ${line + 1}:\n  committed: ${a[line]}\n  generated: ${b[line]}`,
      );
    }
  });

  it('types a column as its page declares it, merging pages that share a table', () => {
    const page = (id: string, properties: Record<string, unknown>) =>
      ({ id, resource: { table: 'tst_thing', scope: 'party' }, model: { properties } }) as unknown as PageSchema;
    const text = pageDatabaseSource([
      page('a/one', { title: { type: 'string' }, weight: { type: 'number' } }),
      page('a/two', { done: { type: 'boolean' }, tags: { type: 'array' }, at: { type: 'string', format: 'date-time' } }),
    ]);
    expect(text).toContain(
      [
        '/** a/one, a/two */',
        'export interface TstThingRow extends SystemColumns {',
        '  at: string | null;',
        '  done: Flag | null;',
        '  partyCode: Generated<string>;',
        '  tags: string | null;',
        '  title: string | null;',
        '  weight: number | null;',
        '}',
      ].join('\n'),
    );
    expect(text).toContain('export interface PageDatabase {\n  tst_thing: TstThingRow;\n}');
  });
});
