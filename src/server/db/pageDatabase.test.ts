import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../schemas/load.js';
import { PAGE_DATABASE_FILE, pageDatabaseSource } from './pageDatabaseSource.js';
import type { PageSchema } from '../../shared/schema/types.js';

/** Source files of src, tests excepted, with their text. */
function sources(dir = path.resolve('src')): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return [];
    return [{ file: path.relative(path.resolve('.'), full), text: fs.readFileSync(full, 'utf8') }];
  });
}

/**
 * The modules that may reach tables through dynamicView, because the table is chosen at run time:
 * the data API and what serves any page (list, write, export, import, references, rules, effects,
 * backups, secret rotation, demo rows), and handlers shared by several pages that write a record
 * through the page's own storage conversion (toStored). Code that knows its page by id names the
 * table through knownTable/tableOfPage instead; a new entry here needs that reason.
 */
const DYNAMIC = [
  'src/server/actions/backupNow.ts',
  'src/server/actions/rotateSecret.ts',
  'src/server/areas/alct/actions.ts',
  'src/server/areas/alct/demo.ts',
  'src/server/areas/gateway/customerConfig.ts',
  'src/server/areas/gateway/serviceConfig.ts',
  'src/server/areas/location/locateOrder.ts',
  'src/server/areas/ministry/actions.ts',
  'src/server/areas/ministry/demo.ts',
  'src/server/areas/ministry/docs.ts',
  'src/server/areas/ministry/upload.ts',
  'src/server/areas/tax/aggregation.ts',
  'src/server/areas/tax/declare.ts',
  'src/server/data/chainLinks.ts',
  'src/server/data/chainView.ts',
  'src/server/data/dashboard.ts',
  'src/server/data/effects.ts',
  'src/server/data/eventLog.ts',
  'src/server/data/extras.ts',
  'src/server/data/format.ts',
  'src/server/data/list.ts',
  'src/server/data/locks.ts',
  'src/server/data/pageTables.ts',
  'src/server/data/refFill.ts',
  'src/server/data/refs.ts',
  'src/server/data/relations.ts',
  'src/server/data/ruleAggregates.ts',
  'src/server/data/ruleAlerts.ts',
  'src/server/data/ruleRefs.ts',
  'src/server/data/sequence.ts',
  'src/server/data/todoCount.ts',
  'src/server/data/write.ts',
  'src/server/db/bulkInsert.ts',
  'src/server/db/rotateKeys.ts',
  'src/server/demo/freight.ts',
  'src/server/export/records.ts',
  'src/server/import/importRows.ts',
  'src/server/import/refs.ts',
  'src/server/jobs/tableBackup.ts',
  'src/server/routes/data.ts',
  'src/server/test/authMatrix.ts',
  'src/server/test/dataApi.ts',
];

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

  it('leaves no Kysely<any> in src, and dynamicView to the modules that choose their table at run time', () => {
    const all = sources();
    expect(all.filter((f) => /Kysely<any>/.test(f.text)).map((f) => f.file)).toEqual([]);
    const dynamic = all
      .filter((f) => f.file !== path.join('src', 'server', 'db', 'connect.ts') && /\bdynamicView\(/.test(f.text))
      .map((f) => f.file.split(path.sep).join('/'))
      .sort();
    expect(dynamic).toEqual(DYNAMIC);
  });
});
