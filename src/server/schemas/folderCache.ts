import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PageSchema } from '../../shared/schema/types.js';

/**
 * The checked pages of a schemas folder, kept by the folder's content. Reading and checking every
 * page took about 140 ms, and a process that builds many apps (the server tests build hundreds)
 * checked the same folder again for each; hashing it takes a few milliseconds. The key is every file
 * under the folder, by its path relative to the folder and its bytes: a check reads nothing else
 * (pages, templates, the field library, message files), so equal keys mean equal checks, whatever
 * the folder is called, and any change to any file, even one keeping its size and time, is a miss.
 *
 * Callers get a deep copy, never the kept pages: an app that changes its pages (a reload, the
 * playground) cannot reach another app's, and every app gets objects of its own, as from a check.
 */

const MAX_FOLDERS = 8;
const kept = new Map<string, Map<string, PageSchema>>();

function hashTree(h: ReturnType<typeof createHash>, root: string, rel: string) {
  const dir = path.join(root, rel);
  for (const name of fs.readdirSync(dir).sort()) {
    const relPath = rel ? `${rel}/${name}` : name;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(path.join(dir, name));
    } catch {
      // A dangling link: no check can read it either, but its name still tells folders apart.
      h.update(`?${relPath}\0`);
      continue;
    }
    if (stat.isDirectory()) {
      h.update(`d${relPath}\0`);
      hashTree(h, root, relPath);
    } else if (stat.isFile()) {
      h.update(`f${relPath}\0${stat.size}\0`).update(fs.readFileSync(path.join(dir, name)));
    }
  }
}

/** The folder by content: every file's path under it and its bytes. */
export function folderDigest(dir: string): string {
  const h = createHash('sha256');
  hashTree(h, path.resolve(dir), '');
  return h.digest('hex');
}

/**
 * The pages `check` finds in `dir`, checked once per content of the folder in this process. A check
 * that throws keeps nothing, so a broken folder is checked (and reported) again each time; nor does
 * one during which a file changed, since its pages may be of neither content.
 */
export function checkedPages(dir: string, check: () => Map<string, PageSchema>): Map<string, PageSchema> {
  const key = folderDigest(dir);
  const hit = kept.get(key);
  if (hit) return structuredClone(hit);
  const pages = check();
  if (folderDigest(dir) === key) {
    if (kept.size >= MAX_FOLDERS) kept.delete(kept.keys().next().value!);
    kept.set(key, structuredClone(pages));
  }
  return pages;
}
