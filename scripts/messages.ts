/**
 * npm run messages -- <page id> [...]: adds to each page's message file the keys it shows that a
 * language lacks, marked ⟦TODO⟧ for translation (the schema test lists them until translated).
 */
import path from 'node:path';
import { checkSchemas } from '../src/server/schemas/load';
import { readMenuFile } from '../src/server/db/menuSync';
import { addMissingMessages } from '../src/server/i18n/addMissing';

const SCHEMAS = path.resolve(process.env.SCHEMAS_DIR || 'src/schemas');
const LOCALES = path.resolve('src/i18n/locales');

const ids = process.argv.slice(2).filter((a) => a !== '--');
if (!ids.length) {
  console.error('usage: npm run messages -- <page id> [...]   e.g. npm run messages -- customerConfig/sms');
  process.exit(2);
}
const { pages, problems } = checkSchemas(SCHEMAS);
const menu = readMenuFile(SCHEMAS);
let failed = false;
for (const id of ids) {
  const page = pages.get(id);
  if (!page) {
    const own = problems.filter((p) => p.includes(`${id}.json`));
    console.error(
      own.length
        ? `${id}: fix the schema first:\n  ${own.join('\n  ')}`
        : `${id}: no such page under ${path.relative(process.cwd(), SCHEMAS)}`,
    );
    failed = true;
    continue;
  }
  const { file, keys, texts } = addMissingMessages(page, menu, LOCALES, SCHEMAS);
  const shown = path.relative(process.cwd(), file);
  console.log(
    keys.length
      ? `${shown}: ${keys.length} keys added (${texts} texts marked ⟦TODO⟧ to translate):\n  ${keys.join('\n  ')}`
      : `${shown}: nothing missing`,
  );
}
process.exit(failed ? 1 : 0);
