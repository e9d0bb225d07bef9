import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMenuEntries } from '../db/menuSync.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A schemas folder with the project's pages plus one fixture area (fixtures/<area> and its menu
 * entry fixtures/<area>Menu.json), for tests of engine keywords no project page uses yet.
 */
export function schemasWithFixture(area: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-schemas-'));
  fs.cpSync(path.join(here, '../../schemas'), dir, { recursive: true });
  fs.cpSync(path.join(here, 'fixtures', area), path.join(dir, area), { recursive: true });
  addMenuEntries(dir, [JSON.parse(fs.readFileSync(path.join(here, 'fixtures', `${area}Menu.json`), 'utf8'))]);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
