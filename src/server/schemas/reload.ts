import type { AppContext, SessionUser } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { badRequest, forbidden } from '../errors.js';
import { menuTitleProblems } from './menuChecks.js';
import { checkSchemas } from './load.js';
import { storedSchemas } from './versions.js';
import { readMenuFile, syncMenu } from '../db/menuSync.js';
import { preparePageTables } from '../data/pageTables.js';
import { forgetMenuFile } from '../data/roleGrants.js';
import { invalidateMenuCache } from '../data/access.js';
import { reloadMessages, setStoredMessages } from '../i18n/messages.js';
import { storedExtras, withPlaygroundEntries } from './playgroundExtras.js';

export interface ReloadResult {
  pages: number;
  tables: string[];
  menus: number;
  menusUpdated: number;
  /** Problems of the files not applied (each with its file, line and fix); every other file was applied. */
  refused: string[];
}

/** Only the super administrator changes what every page is, for everyone, at once. */
export function requireSuperAdmin(user: SessionUser): void {
  if (user.activeRole !== 'SUPER_ADMIN') throw forbidden('schemaAdmin.server.superAdminOnly');
}

const refusal = (problems: string[]) =>
  badRequest('schemaAdmin.server.reloadRefused', { count: problems.length, first: problems[0] ?? '' }, { data: { problems } });

/**
 * Reads the schemas folder (with the versions saved in the playground standing in for their files),
 * menu.json and the message files again and applies them without a restart: tables are created or
 * extended as at start (new tables get their demo rows), new menu entries are added. This is the one
 * function that makes an instance serve what is stored: a saved version, a rollback and a reload all
 * end here. A broken page file is refused alone: its page stays as it was applied (a new one stays
 * out) and every other file is applied; a broken menu.json leaves the menu as it was. When nothing
 * but refused files changed, the reload answers their problems as a refusal.
 */
export async function reloadSchemas(ctx: AppContext, log: (msg: string) => void): Promise<ReloadResult> {
  const dir = ctx.config.schemasDir;
  const before = new Map(ctx.schemas.pages);
  const extras = await storedExtras(ctx);
  setStoredMessages(extras.messages);
  const { pages, refused } = checkHolding(dir, await storedSchemas(ctx.database), before);
  const changed = [...new Set([...pages.keys(), ...before.keys()])].filter(
    (id) => JSON.stringify(pages.get(id)) !== JSON.stringify(before.get(id)),
  );
  let menu;
  try {
    menu = withPlaygroundEntries(readMenuFile(dir), extras.menus);
    refused.push(...menuTitleProblems(dir, menu));
    if (refused.some((p) => p.includes('menu.json:'))) menu = undefined;
  } catch (err) {
    refused.push(
      ...(err as Error).message
        .split('\n')
        .slice(1)
        .map((l) => l.trim()),
    );
  }
  // The same map object is kept: every request reads ctx.schemas.pages when it runs.
  const swap = (next: Map<string, PageSchema>) => {
    ctx.schemas.pages.clear();
    next.forEach((p, id) => ctx.schemas.pages.set(id, p));
  };
  swap(pages);
  let tables: string[];
  try {
    tables = await preparePageTables(ctx, log);
  } catch (err) {
    swap(before);
    throw err;
  }
  const menus = menu ? await syncMenu(ctx, menu) : { added: 0, updated: 0 };
  // Which menu entries open which page is cached for a few seconds: a new entry's grants hold at once.
  invalidateMenuCache();
  forgetMenuFile(dir);
  reloadMessages();
  if (refused.length && !changed.length && !menus.added && !menus.updated) throw refusal(refused);
  log(
    `schemas reloaded: ${pages.size} pages (${changed.length} changed), new tables ${tables.join(', ') || 'none'}, ${menus.added} menu entries added, ${menus.updated} updated` +
      (refused.length ? `; ${refused.length} problems, their files not applied` : ''),
  );
  return { pages: pages.size, tables, menus: menus.added, menusUpdated: menus.updated, refused };
}

/**
 * Checks every page, then holds each page with problems at what `before` had (or leaves a new one out)
 * and checks again, until what is left is consistent: holding a page back may break a page that
 * refers to its new version, which is then held too. A page whose text is new or changed must also
 * have every message key it shows.
 */
function checkHolding(dir: string, stored: Map<string, string>, before: ReadonlyMap<string, PageSchema>) {
  const hold = new Map<string, PageSchema | null>();
  const refused: string[] = [];
  const keysOf = (page: PageSchema) => JSON.stringify(page) !== JSON.stringify(before.get(page.id));
  for (;;) {
    const check = checkSchemas(dir, stored, { hold, keysOf });
    const broken = [...check.byPage.keys()].filter((id) => !hold.has(id));
    const general = check.problems.filter((p) => ![...check.byPage.values()].some((lines) => lines.includes(p)));
    if (!broken.length) return { pages: check.pages, refused: [...refused, ...general] };
    for (const id of broken) {
      hold.set(id, before.get(id) ?? null);
      refused.push(...check.byPage.get(id)!);
    }
  }
}
interface Turns {
  queue: Promise<unknown>;
  announce?: () => Promise<void>;
}
const turns = new WeakMap<AppContext, Turns>();
const turnsOf = (ctx: AppContext) => turns.get(ctx) ?? turns.set(ctx, { queue: Promise.resolve() }).get(ctx)!;

/** One reload at a time per server: a file save, a click and another instance's word may come together. */
export function reloadInTurn(ctx: AppContext, log: (msg: string) => void): Promise<ReloadResult> {
  const t = turnsOf(ctx);
  const run = t.queue.then(() => reloadSchemas(ctx, log));
  t.queue = run.catch(() => undefined);
  return run;
}

/** How this server tells the other instances on its database to reload (set by liveReload.ts on PostgreSQL). */
export function setReloadAnnouncer(ctx: AppContext, announce: () => Promise<void>): void {
  turnsOf(ctx).announce = announce;
}

/** A reload asked for here (the route, the file watch, the playground): applied, then every other instance reloads. */
export async function reloadEverywhere(ctx: AppContext, log: (msg: string) => void): Promise<ReloadResult> {
  const result = await reloadInTurn(ctx, log);
  await turnsOf(ctx).announce?.();
  return result;
}

/** What a playground save or rollback calls: applied here, then on every instance sharing the database. */
export const applySchemas = reloadEverywhere;
