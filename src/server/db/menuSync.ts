import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.js';
import { boolParam } from './connect.js';
import { nowIso } from '../context.js';
import { parseJsonObject } from './json.js';
import { parseWithPositions, positionOf } from '../../shared/schema/jsonPositions.js';
import { menuEntries, menuFileErrors, type MenuSeed } from '../../shared/schema/menuFile.js';
import { SchemaError } from '../errors.js';

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
  const parsed = parseWithPositions(fs.readFileSync(file, 'utf8'));
  const value = parsed.value;
  const problems = menuFileErrors(value).map((e) => {
    const pos = positionOf(parsed.positions, /^(\S+?):/.exec(e)![1]);
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

/** What menu.json decides about an entry after it is added, unless an admin changed it on the menu page. */
export const FILE_FIELDS = ['parentCode', 'menuTitle', 'name', 'path', 'component', 'icon', 'hidden', 'menuLevel', 'sort'] as const;
type FileField = (typeof FILE_FIELDS)[number];
type FileValues = Record<FileField, string | number | boolean | null>;

function fileValuesOf(e: FlatMenuSeed): FileValues {
  return {
    parentCode: e.parentCode,
    menuTitle: e.menuTitle,
    name: e.name ?? null,
    path: e.path ?? null,
    component: e.component ?? null,
    icon: e.icon ?? null,
    hidden: Boolean(e.hidden),
    menuLevel: e.menuLevel,
    sort: e.sort,
  };
}

/** A stored value as the file would write it (flags are 0/1 in SQLite). */
const storedAs = (field: FileField, v: unknown) => (field === 'hidden' ? Boolean(v) : (v ?? null));

export interface MenuSync {
  added: number;
  updated: number;
}

/**
 * Merges menu.json into sys_menu. Entries the database lacks are added and granted to roles. For an
 * entry already stored, each field in FILE_FIELDS follows the file when the file changed it, unless an
 * admin changed that field on the menu page: the file's values are kept beside the entry (fileValues),
 * and a stored value that differs from them is an admin's edit, which stays. Entries gone from the file
 * stay too (roles and links may name them); grants are given only when an entry is first added.
 */
export async function syncMenu(ctx: AppContext, entries: MenuSeed[]): Promise<MenuSync> {
  const db = ctx.database.core;
  const flat = flattenMenu(entries);
  const stored = new Map(
    (
      await db
        .selectFrom('sys_menu')
        .select(['id', 'code', 'fileValues', ...FILE_FIELDS])
        .execute()
    ).map((r) => [r.code, r]),
  );
  const fresh = flat.filter((e) => !stored.has(e.code));
  const now = nowIso();
  const changes: { id: number; set: Record<string, unknown> }[] = [];
  for (const e of flat) {
    const row = stored.get(e.code);
    if (!row) continue;
    const file = fileValuesOf(e);
    // An entry stored before file values were kept: what it holds now counts as the file's where equal, as an admin's edit where not.
    const last = parseJsonObject<Partial<FileValues>>(row.fileValues, {});
    const set: Record<string, unknown> = {};
    for (const f of FILE_FIELDS) {
      const was = f in last ? last[f] : file[f];
      const mine = storedAs(f, row[f]);
      if (file[f] !== was && mine === was) set[f] = f === 'hidden' ? boolParam(ctx.database, Boolean(file[f])) : file[f];
    }
    if (Object.keys(set).length || JSON.stringify(last) !== JSON.stringify(file)) {
      changes.push({
        id: row.id,
        set: { ...set, fileValues: JSON.stringify(file), ...(Object.keys(set).length ? { updatedAt: now, updatedBy: 'system' } : {}) },
      });
    }
  }
  if (!fresh.length && !changes.length) return { added: 0, updated: 0 };
  const roles = await db.selectFrom('sys_role').select(['code', 'grants']).execute();
  await db.transaction().execute(async (trx) => {
    for (const e of fresh) {
      await trx
        .insertInto('sys_menu')
        .values({
          code: e.code,
          parentCode: e.parentCode,
          menuTitle: e.menuTitle,
          name: e.name ?? null,
          path: e.path ?? null,
          component: e.component ?? null,
          icon: e.icon ?? null,
          hidden: boolParam(ctx.database, Boolean(e.hidden)),
          menuLevel: e.menuLevel,
          sort: e.sort,
          url: e.url ?? null,
          roles: JSON.stringify(e.roles ?? []),
          noCache: boolParam(ctx.database, Boolean(e.noCache)),
          affix: boolParam(ctx.database, Boolean(e.affix)),
          fileValues: JSON.stringify(fileValuesOf(e)),
          createdAt: now,
          updatedAt: now,
          createdBy: 'system',
          updatedBy: 'system',
        })
        .execute();
    }
    for (const c of changes) await trx.updateTable('sys_menu').set(c.set).where('id', '=', c.id).execute();
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
      if (changed)
        await trx
          .updateTable('sys_role')
          .set({ grants: JSON.stringify(grants), updatedAt: now })
          .where('code', '=', role.code)
          .execute();
    }
  });
  return { added: fresh.length, updated: changes.filter((c) => Object.keys(c.set).length > 1).length };
}
