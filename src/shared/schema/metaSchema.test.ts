import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pageSchema from './page.schema.json';
import menuSchema from './menu.schema.json';
import { createAjv, FORMAT_NAMES } from './ajv';
import { keywordReference, withEnums, withReference, type JsonSchemaNode } from './metaDocs';
import { MENU_SCHEMA_ENUMS, PAGE_SCHEMA_ENUMS } from './metaEnums';
import { menuFileErrors } from './menuFile';
import { validatePageSchema } from './validate';

const page = pageSchema as unknown as JsonSchemaNode;
const menu = menuSchema as unknown as JsonSchemaNode;
const FIX = 'run `npm run docs:schemas`';

/** "Def.key.sub" of every keyword (and every $def) that has no description. */
function undescribed(schema: JsonSchemaNode): string[] {
  const missing: string[] = [];
  const walk = (node: JsonSchemaNode, at: string) => {
    for (const [k, v] of Object.entries(node.properties ?? {})) {
      if (!v.description) missing.push(`${at}.${k}`);
      walk(v, `${at}.${k}`);
    }
    if (node.items && !node.items.$ref) walk(node.items, at);
  };
  for (const [name, def] of Object.entries(schema.$defs ?? {})) {
    if (!def.description) missing.push(name);
    walk(def, name);
  }
  walk(schema, '(root)');
  return missing;
}

describe('the meta-schemas as documentation', () => {
  it('describe every keyword, so an editor can explain it on hover', () => {
    expect(undescribed(page)).toEqual([]);
    expect(undescribed(menu)).toEqual([]);
  });

  it('enumerate exactly the registered components, cells, formats and icons (' + FIX + ' after changing a registry)', () => {
    expect(withEnums(page, PAGE_SCHEMA_ENUMS)).toEqual(page);
    expect(withEnums(menu, MENU_SCHEMA_ENUMS)).toEqual(menu);
  });

  it('list as formats exactly those ajv is taught', () => {
    expect(Object.keys(createAjv().formats).sort()).toEqual([...FORMAT_NAMES].sort());
  });

  it('are what the keyword reference of docs/SCHEMAS.md says (' + FIX + ')', () => {
    const doc = fs.readFileSync(path.resolve('docs/SCHEMAS.md'), 'utf8');
    const reference = keywordReference(
      { file: 'src/shared/schema/page.schema.json', schema: page },
      { file: 'src/shared/schema/menu.schema.json', schema: menu },
    );
    expect(withReference(doc, reference) === doc).toBe(true);
  });
});

const field = (extra: Record<string, unknown>) => ({
  id: 'shop/goods',
  kind: 'crud',
  title: 'pages.shop.goods.title',
  resource: { table: 't_goods', label: 'name' },
  model: { type: 'object', properties: { name: { type: 'string', title: 'pages.shop.goods.fields.name', ...extra } } },
  list: { columns: ['name'] },
});

describe('names checked by the meta-schema', () => {
  it('refuse an unknown component, cell or format with the name meant', () => {
    expect(validatePageSchema(field({ 'x-component': 'NumberPickr' }))).toEqual([
      '/model/properties/name/x-component: unknown component "NumberPickr"; did you mean NumberPicker?',
    ]);
    expect(validatePageSchema(field({ 'x-cell': 'StatusTg' }))).toEqual([
      '/model/properties/name/x-cell: unknown cell "StatusTg"; did you mean StatusTag?',
    ]);
    expect(validatePageSchema(field({ format: 'mobil' }))).toEqual([
      '/model/properties/name/format: unknown format "mobil"; did you mean mobile?',
    ]);
    expect(validatePageSchema(field({ 'x-component': 'Money', 'x-cell': 'Money', format: 'uscc' }))).toEqual([]);
  });
});

describe('the menu file', () => {
  const entry = (extra: Record<string, unknown>) => ({ code: 'shop/goods', menuTitle: 'menu.shop.goods', ...extra });
  const file = (...entries: unknown[]) => ({
    $schema: '../shared/schema/menu.schema.json',
    entries: [{ code: 'shop', menuTitle: 'menu.shop.title', children: entries }],
  });

  it('accepts entries as the project writes them', () => {
    expect(
      menuFileErrors(
        file(
          entry({
            name: 'goods',
            path: '/shop/goods',
            component: 'shop/goods/index',
            icon: 'ShopOutlined',
            grants: { STAFF: ['read'], CUSTOMER_ADMIN: ['read', 'create', 'action:rotateSecret', 'transition:approve'] },
          }),
        ),
      ),
    ).toEqual([]);
  });

  it('names the entry and the fix for an unknown icon, a literal title, a misspelt key and an unknown grant', () => {
    expect(menuFileErrors(file(entry({ icon: 'ShopOutlind' })))).toEqual([
      '/entries/0/children/0/icon: entry "shop/goods": unknown icon "ShopOutlind"; did you mean ShopOutlined?',
    ]);
    expect(menuFileErrors(file(entry({ menuTitle: '商品' })))).toEqual([
      '/entries/0/children/0/menuTitle: entry "shop/goods": "商品" is a literal text where a message key is expected; use an i18n key such as menu.shop.goods and put the text in the area\'s message files',
    ]);
    expect(menuFileErrors(file(entry({ icn: 'ShopOutlined' })))).toEqual([
      '/entries/0/children/0/icn: entry "shop/goods": unknown keyword "icn"; did you mean icon?',
    ]);
    expect(menuFileErrors(file(entry({ grants: { STAFF: ['raed'] } })))[0]).toMatch(
      /^\/entries\/0\/children\/0\/grants\/STAFF\/0: entry "shop\/goods": must match pattern/,
    );
  });

  it('still reads a bare list of entries, pointing into the list', () => {
    expect(menuFileErrors([entry({ icon: 'ShopOutlind' })])).toEqual([
      '/0/icon: entry "shop/goods": unknown icon "ShopOutlind"; did you mean ShopOutlined?',
    ]);
  });
});
