// Copies the registries' names into the meta-schemas' enums and writes the keyword reference of
// docs/SCHEMAS.md from their descriptions:  npm run docs:schemas
import fs from 'node:fs';
import path from 'node:path';
import { keywordReference, withEnums, withReference, type JsonSchemaNode } from '../src/shared/schema/metaDocs';
import { MENU_SCHEMA_ENUMS, PAGE_SCHEMA_ENUMS } from '../src/shared/schema/metaEnums';

const root = path.resolve(import.meta.dirname, '..');
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
const write = (rel: string, text: string) => {
  if (read(rel) === text) return;
  fs.writeFileSync(path.join(root, rel), text);
  console.log(`wrote ${rel}`);
};
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const PAGE = 'src/shared/schema/page.schema.json';
const MENU = 'src/shared/schema/menu.schema.json';
const DOC = 'docs/SCHEMAS.md';

const page = withEnums(JSON.parse(read(PAGE)) as JsonSchemaNode, PAGE_SCHEMA_ENUMS);
const menu = withEnums(JSON.parse(read(MENU)) as JsonSchemaNode, MENU_SCHEMA_ENUMS);
write(PAGE, json(page));
write(MENU, json(menu));
write(DOC, withReference(read(DOC), keywordReference({ file: PAGE, schema: page }, { file: MENU, schema: menu })));
