import fs from 'node:fs';
import path from 'node:path';
import { parseWithPositions, positionOf } from '../../shared/schema/jsonPositions.js';
import { definedKeys } from '../i18n/missingKeys.js';
import { LANGUAGES } from '../i18n/messages.js';
import { flattenMenu, type MenuSeed } from '../db/menuSync.js';
import { isBespoke } from '../../shared/routes/componentPath.js';
import { parseComponentPath } from '../../shared/routes/componentPath.js';

/**
 * Menu titles a language lacks, as the schema test refuses them: the menu would show the raw key.
 * Each names the entry's place in menu.json and the command that adds the key beside the page.
 */
export function menuTitleProblems(schemasDir: string, entries: MenuSeed[]): string[] {
  const file = path.join(schemasDir, 'menu.json');
  const shown = (() => {
    const near = path.relative(process.cwd(), file);
    return (near.startsWith('..') ? file : near).replace(/\\/g, '/');
  })();
  const defined = definedKeys(schemasDir);
  const problems: string[] = [];
  let positions: ReturnType<typeof parseWithPositions>['positions'] | undefined;
  const walk = (list: MenuSeed[], at: string) =>
    list.forEach((e, i) => {
      const here = `${at}/${i}`;
      const lacking = LANGUAGES.filter((lang) => !defined.get(lang)!.has(e.menuTitle));
      if (lacking.length) {
        positions ??= parseWithPositions(fs.readFileSync(file, 'utf8')).positions;
        const pos = positionOf(positions, `${here}/menuTitle`);
        const page = (e.component && parseComponentPath(e.component)?.pageId) || firstPage(e) || '<page id>';
        problems.push(
          `${shown}: ${here}/menuTitle: message key "${e.menuTitle}" is not defined in ${lacking.join(', ')}; run \`npm run messages -- ${page}\` to add it, then translate it (line ${pos.line}, column ${pos.column})`,
        );
      }
      walk(e.children ?? [], `${here}/children`);
    });
  walk(entries, menuRoot(file));
  return problems;
}

/** Entries sit at the top of the file or under `menu` (the form menuEntries reads). */
function menuRoot(file: string): string {
  const value = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  return Array.isArray(value) ? '' : '/entries';
}

/** A directory's title goes in the message file of one of its pages: the first one found below it. */
function firstPage(e: MenuSeed): string | undefined {
  for (const c of e.children ?? []) {
    const id = (c.component && parseComponentPath(c.component)?.pageId) || firstPage(c);
    if (id) return id;
  }
  return undefined;
}

/**
 * Menu entries whose component path names no page. A page whose file exists but has problems of its
 * own (`failed`) counts as found: its problems are told once, at its file, not again here.
 */
export function unresolvedMenuEntries(
  entries: MenuSeed[],
  pages: ReadonlyMap<string, unknown>,
  failed: ReadonlySet<string> = new Set(),
): string[] {
  return flattenMenu(entries)
    .filter((m) => m.component && !isBespoke(m.component))
    .filter((m) => {
      const id = parseComponentPath(m.component!)?.pageId;
      return !id || (!pages.has(id) && !failed.has(id));
    })
    .map((m) => `${m.code}: ${m.component}`);
}
