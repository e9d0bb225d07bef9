import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMenuEntries } from '../db/menuSync.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The project's schemas plus a fixture area (fixtures/<area> and fixtures/<area>Menu.json), in a temporary folder. */
export function schemasWithArea(area: string): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-schemas-'));
  fs.cpSync(path.join(here, '../../schemas'), tmp, { recursive: true });
  fs.cpSync(path.join(here, 'fixtures', area), path.join(tmp, area), { recursive: true });
  addMenuEntries(tmp, [JSON.parse(fs.readFileSync(path.join(here, 'fixtures', `${area}Menu.json`), 'utf8'))]);
  return tmp;
}
