import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSchemas } from './load.js';
import { readMenuFile } from '../db/menuSync.js';
import { unresolvedMenuEntries } from './menuChecks.js';

let dirs: string[] = [];
afterEach(() => {
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  dirs = [];
});

/** A schemas folder holding the given files as written (text, so line numbers are known). */
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-teach-'));
  dirs.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const page = (id: string, nameField: string, title = `"pages.${id.replace('/', '.')}.title"`) => `{
  "id": "${id}",
  "kind": "crud",
  "title": ${title},
  "resource": { "table": "t_${id.replace('/', '_')}", "label": "name" },
  "model": {
    "type": "object",
    "properties": {
${nameField}
    }
  },
  "list": { "columns": ["name"] }
}
`;

describe('schema errors that teach', () => {
  it('name the file, line and column, the place and the fix, for every broken file in one run', () => {
    const dir = folder({
      'shop/goods.json': page(
        'shop/goods',
        '      "name": { "type": "string", "title": "pages.shop.goods.fields.name", "x-component": "NumberPickr" }',
      ),
      'shop/order.json': page('shop/order', '      "name": { "type": "string", "title": "名称" }'),
      'shop/broken.json': '{\n  "id": "shop/broken",\n  "kind": "crud"\n  "title": "x.y"\n}\n',
      'shop/cell.json': page(
        'shop/cell',
        '      "name": { "type": "string", "title": "pages.shop.cell.fields.name", "x-cell": "StatusTg", "format": "emial" }',
      ),
    });
    const { problems, pages } = checkSchemas(dir);
    const text = problems.join('\n');
    expect(pages.size).toBe(0);
    expect(text).toMatch(
      /shop\/goods\.json: \/model\/properties\/name\/x-component: unknown component "NumberPickr"; did you mean NumberPicker\? \(line 9, column 76\)/,
    );
    expect(text).toMatch(
      /shop\/order\.json: \/model\/properties\/name\/title: "名称" is a literal text where a message key is expected; use an i18n key such as pages\.shop\.order\.fields\.name .*\(line 9, column 35\)/,
    );
    expect(text).toMatch(
      /shop\/broken\.json: not valid JSON: expected "," or "}" \(a comma may be missing\), found """ \(line 4, column 3\)/,
    );
    expect(text).toMatch(/shop\/cell\.json: \/model\/properties\/name\/format: unknown format "emial"; did you mean email\? \(line 9/);
  });

  it('point at a trailing comma, and do not blame the pages that refer to a broken one', () => {
    const dir = folder({
      'shop/goods.json': page('shop/goods', '      "name": { "type": "string", "title": "pages.shop.goods.fields.name", },'),
      'shop/order.json': page(
        'shop/order',
        '      "name": { "type": "string", "title": "pages.shop.order.fields.name", "x-ref": "shop/goods" }',
      ),
    });
    expect(checkSchemas(dir).problems).toEqual([
      expect.stringMatching(
        /shop\/goods\.json: not valid JSON: a comma before "}" is not allowed in JSON \(remove the trailing comma\) \(line 9, column 76\)$/,
      ),
    ]);
  });

  it('suggest the keyword meant for an unknown one', () => {
    const dir = folder({
      'shop/goods.json': page('shop/goods', '      "name": { "type": "string", "title": "pages.shop.goods.fields.name", "maxLenght": 5 }'),
    });
    expect(checkSchemas(dir).problems.join('\n')).toMatch(
      /\/model\/properties\/name\/maxLenght: unknown keyword "maxLenght"; did you mean maxLength\? \(line 9, column 76\)/,
    );
  });

  it('refuse an unknown menu icon with the icon meant', () => {
    const dir = folder({ 'menu.json': '[\n  { "code": "shop", "menuTitle": "menu.shop", "icon": "ShopOutlind" }\n]\n' });
    expect(() => readMenuFile(dir)).toThrow(
      /\/0\/icon: entry "shop": unknown icon "ShopOutlind"; did you mean ShopOutlined\? \(line 2, column 47\)/,
    );
  });

  it('point a transition to a missing state at the transition, listing the states', () => {
    const states = page(
      'shop/task',
      `      "name": { "type": "string", "title": "pages.shop.task.fields.name" },
      "status": { "type": "string", "title": "fields.status", "enum": ["open", "done"] }`,
    ).replace(
      '"list":',
      `"states": {
    "field": "status",
    "transitions": [
      { "name": "finish", "title": "pages.shop.task.finish", "from": ["open"], "to": "donee" }
    ]
  },
  "list":`,
    );
    expect(checkSchemas(folder({ 'shop/task.json': states })).problems).toEqual([
      expect.stringMatching(
        /shop\/task\.json: \/states\/transitions\/0\/to: transition "finish": "donee" is not a state of status; did you mean done\? the states are open, done \(line 16, column 80\)$/,
      ),
    ]);
  });

  it('say where a keyword of another level is written, and suggest one a known name is part of', () => {
    const text = page('shop/goods', '      "name": { "type": "string", "title": "pages.shop.goods.fields.name" }').replace(
      '"list":',
      '"history": true,\n  "demoRows": [],\n  "list":',
    );
    const problems = checkSchemas(folder({ 'shop/goods.json': text })).problems.join('\n');
    expect(problems).toMatch(/\/history: unknown keyword "history" here; "history" is written at detail\.history \(line 12, column 3\)/);
    expect(problems).toMatch(/\/demoRows: unknown keyword "demoRows"; did you mean demo\? \(line 13, column 3\)/);
  });

  it('do not fail the menu check again for a page whose own file is broken', () => {
    const dir = folder({
      'shop/goods.json': page(
        'shop/goods',
        '      "name": { "type": "string", "title": "pages.shop.goods.fields.name", "x-component": "Inptu" }',
      ),
      'menu.json':
        '[\n  { "code": "shop/goods", "menuTitle": "menu.shop.goods", "component": "shop/goods/index", "icon": "ShopOutlined" },\n  { "code": "shop/gone", "menuTitle": "menu.shop.gone", "component": "shop/gone/index", "icon": "ShopOutlined" }\n]\n',
    });
    const { pages, failed, problems } = checkSchemas(dir);
    expect(problems.join('\n')).toMatch(/unknown component "Inptu"/);
    expect(unresolvedMenuEntries(readMenuFile(dir), pages, failed)).toEqual(['shop/gone: shop/gone/index']);
  });
});
