// Writes src/server/db/pageDatabase.generated.ts, the row types of the page tables, from the page
// schemas:  npm run gen:tables  (after adding or changing a page's fields; pageDatabase.test.ts says when)
import fs from 'node:fs';
import path from 'node:path';
import { loadSchemas } from '../src/server/schemas/load';
import { PAGE_DATABASE_FILE, pageDatabaseSource } from '../src/server/db/pageDatabaseSource';

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, PAGE_DATABASE_FILE);
const text = pageDatabaseSource(loadSchemas(path.join(root, 'src/schemas')).pages.values());
if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) console.log(`${PAGE_DATABASE_FILE} is up to date`);
else {
  fs.writeFileSync(file, text);
  console.log(`wrote ${PAGE_DATABASE_FILE}`);
}
