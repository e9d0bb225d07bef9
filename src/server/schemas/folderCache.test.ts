import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageSchema } from '../../shared/schema/types.js';
import { checkedPages } from './folderCache.js';
import { checkSchemas, loadSchemas, SchemaError } from './load.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROJECT = path.join(here, '../../schemas');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const carrier = (title = 'fields.name') => ({
  id: 'svc/carrier',
  kind: 'crud',
  title,
  resource: { table: 'svc_carrier', scope: 'global', label: 'code', key: 'code' },
  model: { type: 'object', properties: { code: { type: 'string', title: 'fields.code', maxLength: 7 } } },
  list: { columns: ['code'] },
});

function folder(page: object = carrier()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-cache-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'svc'));
  fs.writeFileSync(path.join(dir, 'svc/carrier.json'), JSON.stringify(page));
  return dir;
}

/** checkedPages over a real check of `dir`, counting the checks it runs. */
function counted(dir: string) {
  const counter = { checks: 0, load: () => checkedPages(dir, () => (counter.checks++, checkSchemas(dir).pages)) };
  return counter;
}

describe('checked pages kept by folder content', () => {
  it('loads the project the same as a check does, each time into objects of its own', () => {
    const fresh = checkSchemas(PROJECT).pages;
    const first = loadSchemas(PROJECT).pages;
    const second = loadSchemas(PROJECT).pages;
    expect(second).toStrictEqual(fresh);
    expect(second).not.toBe(first);
    const page = [...second.values()].find((p) => p.model)!;
    expect(page).not.toBe(first.get(page.id));
    // What an app does to its pages (a reload swaps them, code may annotate them) reaches no other app.
    (page.model!.properties as Record<string, unknown>).extra = { type: 'string' };
    second.delete(page.id);
    expect(loadSchemas(PROJECT).pages).toStrictEqual(fresh);
  });

  it('checks a folder once, and a copy of it under another name not again', () => {
    // A title of its own: files of a worker share this module, and so its kept folders.
    const page = carrier(`fields.n${process.hrtime.bigint()}`);
    const dir = folder(page);
    const a = counted(dir);
    expect(a.load().get('svc/carrier')?.title).toBe(page.title);
    expect(a.load().get('svc/carrier')?.title).toBe(page.title);
    expect(a.checks).toBe(1);
    const copy = folder(page);
    const b = counted(copy);
    b.load();
    expect(b.checks).toBe(0);
  });

  it('checks again after any change to a file, even one keeping its size and time', () => {
    const dir = folder(carrier('fields.aaaa'));
    const file = path.join(dir, 'svc/carrier.json');
    const c = counted(dir);
    c.load();
    const { mtime, size } = fs.statSync(file);
    fs.writeFileSync(file, JSON.stringify(carrier('fields.bbbb')));
    fs.utimesSync(file, mtime, mtime);
    expect(fs.statSync(file).size).toBe(size);
    expect(c.load().get('svc/carrier')?.title).toBe('fields.bbbb');
    expect(c.checks).toBe(2);
    fs.writeFileSync(path.join(dir, 'svc/carrier.messages.json'), '{}');
    c.load();
    expect(c.checks).toBe(3);
  });

  it('keeps nothing from a check that failed or during which a file changed', () => {
    const dir = folder({ ...carrier(), id: 'svc/other' });
    expect(() => loadSchemas(dir)).toThrow(SchemaError);
    expect(() => loadSchemas(dir)).toThrow(/must equal the file path/);

    const moving = folder(carrier('fields.zzz'));
    let checks = 0;
    const changing = () => {
      checks++;
      const pages = new Map<string, PageSchema>(checkSchemas(moving).pages);
      fs.writeFileSync(path.join(moving, 'svc/carrier.json'), JSON.stringify(carrier(`fields.z${checks}`)));
      return pages;
    };
    checkedPages(moving, changing);
    checkedPages(moving, changing);
    expect(checks).toBe(2);
  });
});
