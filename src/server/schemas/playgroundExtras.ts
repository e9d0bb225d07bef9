import type { AppContext } from '../context.js';
import type { MenuSeed } from '../db/menuSync.js';
import { menuFileErrors, type PlaygroundMenu } from '../../shared/schema/menuFile.js';
import { createAjv } from '../../shared/schema/ajv.js';
import messagesSchema from '../../shared/schema/messages.schema.json' with { type: 'json' };
import { LANGUAGES, type Language } from '../i18n/messages.js';
import { parseJsonObject } from '../db/json.js';
import { invalidateMenuCache } from '../data/access.js';
import { latestVersions, REMOVED } from './versions.js';

/**
 * What a page made in the playground has besides its text: its own messages in the four languages
 * and its menu entry (where, which icon, which roles may do what). Both are kept with each version,
 * so a rollback brings them back too, and a removed page takes its menu entry with it.
 */
export type PageMessageTexts = Record<Language, Record<string, string>>;
export type { PlaygroundMenu };

const validateMessages = createAjv().compile(messagesSchema);

/** The menu entry of a playground page: the standard code, path and title key of a page id. */
export function menuEntryOf(id: string, menu: PlaygroundMenu): MenuSeed {
  return {
    code: id,
    menuTitle: `menu.${id.replace(/\//g, '.')}`,
    name: id.split('/').pop()!,
    path: `/${id}`,
    component: `${id}/index`,
    icon: menu.icon,
    ...(menu.grants ? { grants: menu.grants } : {}),
  };
}

/** Problems of a playground page's messages and menu entry, as the checks of the files say them. */
export function extrasProblems(id: string, messages: unknown, menu: PlaygroundMenu | null): string[] {
  const problems: string[] = [];
  if (messages !== undefined && !validateMessages(messages)) {
    problems.push(...(validateMessages.errors ?? []).map((e) => `messages${e.instancePath}: ${e.message}`));
  }
  if (menu) problems.push(...menuFileErrors([menuEntryOf(id, menu)]).map((e) => `menu${e.replace(/^\/0/, '')}`));
  return problems;
}

export interface PlaygroundExtras {
  messages: PageMessageTexts;
  menus: Map<string, PlaygroundMenu>;
}

/** The messages and menu entries of the pages the playground holds now (removed pages have none). */
export async function storedExtras(ctx: AppContext): Promise<PlaygroundExtras> {
  const messages = Object.fromEntries(LANGUAGES.map((l) => [l, {}])) as PageMessageTexts;
  const menus = new Map<string, PlaygroundMenu>();
  for (const row of await latestVersions(ctx.database)) {
    if (row.source === REMOVED) continue;
    const m = parseJsonObject<Partial<PageMessageTexts>>(row.messages, {});
    for (const lang of LANGUAGES) Object.assign(messages[lang], m[lang] ?? {});
    const menu = parseJsonObject<Partial<PlaygroundMenu>>(row.menu, {});
    if (menu.icon) menus.set(row.pageId, { parent: menu.parent ?? null, icon: menu.icon, ...(menu.grants ? { grants: menu.grants } : {}) });
  }
  return { messages, menus };
}

/** menu.json's entries with the playground's pages put under their directories (or at the top). */
export function withPlaygroundEntries(entries: MenuSeed[], menus: ReadonlyMap<string, PlaygroundMenu>): MenuSeed[] {
  const tree = structuredClone(entries);
  const find = (list: MenuSeed[], code: string): MenuSeed | undefined => {
    for (const e of list) {
      if (e.code === code) return e;
      const inner = find(e.children ?? [], code);
      if (inner) return inner;
    }
    return undefined;
  };
  for (const [id, menu] of menus) {
    if (find(tree, id)) continue;
    const parent = menu.parent ? find(tree, menu.parent) : undefined;
    if (parent) (parent.children ??= []).push(menuEntryOf(id, menu));
    else tree.push(menuEntryOf(id, menu));
  }
  return tree;
}

/** Takes a removed playground page's entry out of the menu and out of every role's grants. */
export async function removeMenuEntry(ctx: AppContext, code: string): Promise<void> {
  const db = ctx.database.core;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sys_menu').where('code', '=', code).execute();
    for (const role of await trx.selectFrom('sys_role').select(['code', 'grants']).execute()) {
      const grants = parseJsonObject<Record<string, string[]>>(role.grants, {});
      if (!(code in grants)) continue;
      delete grants[code];
      await trx
        .updateTable('sys_role')
        .set({ grants: JSON.stringify(grants), updatedAt: new Date().toISOString() })
        .where('code', '=', role.code)
        .execute();
    }
  });
  invalidateMenuCache();
}
