import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from './load.js';

const dirs: string[] = [];
function schemaDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-schemas-'));
  dirs.push(dir);
  for (const [id, page] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(id)), { recursive: true });
    fs.writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(page));
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const goods = {
  id: 'a/goods',
  kind: 'crud',
  title: 'x.title',
  resource: { table: 't_goods', label: 'name' },
  model: {
    type: 'object',
    properties: { name: { type: 'string', title: 'x.name' }, at: { type: 'string', format: 'date-time', title: 'x.at' } },
  },
  list: { columns: ['name'] },
};
const count = [{ name: 'n', title: 'x.n', op: 'count' }];

describe('tabs and dashboard pages at start-up', () => {
  it('accepts pages that name existing pages and fields', () => {
    const { pages } = loadSchemas(
      schemaDir({
        'a/goods': goods,
        'a/tabs': { id: 'a/tabs', kind: 'tabs', title: 'x.t', tabs: [{ page: 'a/goods' }] },
        'a/board': {
          id: 'a/board',
          kind: 'dashboard',
          title: 'x.b',
          dashboard: {
            source: 'a/goods',
            charts: [{ name: 'c', title: 'x.c', type: 'line', groupBy: 'at', bucket: 'day', measures: count }],
          },
        },
      }),
    );
    expect(pages.get('a/tabs')?.tabs).toEqual([{ page: 'a/goods' }]);
  });

  it('stops with the file, the place and what to write for a tab naming an unknown page', () => {
    const dir = schemaDir({
      'a/goods': goods,
      'a/tabs': { id: 'a/tabs', kind: 'tabs', title: 'x.t', tabs: [{ page: 'a/goods' }, { page: 'a/gods' }] },
    });
    expect(() => loadSchemas(dir)).toThrow('a/tabs.json: tabs[1].page: "a/gods" is not a page; did you mean a/goods?');
  });

  it('stops for a chart naming an unknown field, listing the fields there are', () => {
    const dir = schemaDir({
      'a/goods': goods,
      'a/board': {
        id: 'a/board',
        kind: 'dashboard',
        title: 'x.b',
        dashboard: { source: 'a/goods', charts: [{ name: 'c', title: 'x.c', type: 'bar', groupBy: 'colour', measures: count }] },
      },
    });
    expect(() => loadSchemas(dir)).toThrow(
      /a\/board\.json: dashboard\.charts\[0\]\.groupBy: "colour" is not a field of a\/goods \(one of: .*name.*\)/,
    );
  });

  it('stops for a map that does not group by province, and for a dashboard with a table of its own', () => {
    const dir = schemaDir({
      'a/goods': goods,
      'a/board': {
        id: 'a/board',
        kind: 'dashboard',
        title: 'x.b',
        resource: { table: 't_b', label: 'name' },
        dashboard: { source: 'a/goods', charts: [{ name: 'c', title: 'x.c', type: 'map', groupBy: 'name', measures: count }] },
      },
    });
    expect(() => loadSchemas(dir)).toThrow(
      /resource: a dashboard page has no records of its own[\s\S]*a map groups by province: write "bucket": "first"/,
    );
  });

  it('stops for a tabs page without tabs', () => {
    const dir = schemaDir({ 'a/tabs': { id: 'a/tabs', kind: 'tabs', title: 'x.t' } });
    expect(() => loadSchemas(dir)).toThrow(/a\/tabs\.json: .*tabs/);
  });
});
