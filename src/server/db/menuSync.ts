import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.js';
import { boolParam } from './connect.js';
import { nowIso } from '../context.js';
import { parseJsonObject } from '../services/json.js';
import { parseWithPositions, positionOf } from '../../shared/schema/jsonPositions.js';
import { menuEntries, menuFileErrors, type MenuSeed } from '../../shared/schema/menuFile.js';
import { SchemaError } from '../schemas/load.js';

/** An entry of src/schemas/menu.json; `grants` gives roles their actions when the entry is first added. */
export type { MenuSeed };

export interface FlatMenuSeed extends Omit<MenuSeed, 'children'> {
  parentCode: string | null;
  menuLevel: number;
  sort: number;
}

export function flattenMenu(entries: MenuSeed[], parentCode: string | null = null, level = 1): FlatMenuSeed[] {
  return entries.flatMap((e, i) => {
    const { children, ...rest } = e;
    return [{ ...rest, parentCode, menuLevel: level, sort: i * 10 }, ...flattenMenu(children ?? [], e.code, level + 1)];
  });
}

/**
 * The menu file's entries, checked against menu.schema.json: a problem (an unknown icon, which the
 * console would silently draw as the default, a literal title, a misspelt key) stops the start.
 */
export function readMenuFile(schemasDir: string): MenuSeed[] {
  const file = path.join(schemasDir, 'menu.json');
  const { value, positions } = parseWithPositions(fs.readFileSync(file, 'utf8'));
  const problems = menuFileErrors(value).map((e) => {
    const pos = positionOf(positions, /^(\S+?):/.exec(e)![1]);
    return `${file}: ${e} (line ${pos.line}, column ${pos.column})`;
  });
  if (problems.length) throw new SchemaError(`invalid menu:\n  ${problems.join('\n  ')}`);
  return menuEntries(value);
}

/** Adds entries to a schemas folder's menu file (tests that add fixture pages). */
export function addMenuEntries(schemasDir: string, entries: MenuSeed[]): void {
  const file = path.join(schemasDir, 'menu.json');
  const value = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  menuEntries(value).push(...entries);
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

/** Every role that is not SUPER_ADMIN gets what the entry names; PLAT_ADMIN gets everything unless named. */
function grantsForEntry(e: FlatMenuSeed): Record<string, string[]> {
  return { PLAT_ADMIN: ['*'], ...(e.grants ?? {}) };
}

/**
 * Adds menu entries that the file has and the database lacks, and grants them to roles. Entries
 * already stored are left alone: the menu page may have edited them.
 */
export async function syncMenu(ctx: AppContext, entries: MenuSeed[]): Promise<number> {
  const db = ctx.database.core;
  const flat = flattenMenu(entries);
  const existing = new Set((await db.selectFrom('sys_menu').select('code').execute()).map((r) => r.code));
  const fresh = flat.filter((e) => !existing.has(e.code));
  if (fresh.length === 0) return 0;
  const now = nowIso();
  const roles = await db.selectFrom('sys_role').select(['code', 'grants']).execute();
  await db.transaction().execute(async (trx) => {
    for (const e of fresh) {
      await trx.insertInto('sys_menu').values({
        code: e.code, parentCode: e.parentCode, menuTitle: e.menuTitle, name: e.name ?? null, path: e.path ?? null,
        component: e.component ?? null, icon: e.icon ?? null, hidden: boolParam(ctx.database, Boolean(e.hidden)),
        menuLevel: e.menuLevel, sort: e.sort, url: e.url ?? null, roles: JSON.stringify(e.roles ?? []),
        noCache: boolParam(ctx.database, Boolean(e.noCache)), affix: boolParam(ctx.database, Boolean(e.affix)),
        createdAt: now, updatedAt: now, createdBy: 'system', updatedBy: 'system',
      }).execute();
    }
    for (const role of roles) {
      const grants = parseJsonObject<Record<string, string[]>>(role.grants, {});
      let changed = false;
      for (const e of fresh) {
        const actions = grantsForEntry(e)[role.code];
        if (actions) {
          grants[e.code] = actions;
          changed = true;
        }
      }
      if (changed) await trx.updateTable('sys_role').set({ grants: JSON.stringify(grants), updatedAt: now }).where('code', '=', role.code).execute();
    }
  });
  return fresh.length;
}
