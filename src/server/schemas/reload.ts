import type { FastifyInstance } from 'fastify';
import type { AppContext, SessionUser } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { AppError, forbidden } from '../errors.js';
import { checkSchemas } from './load.js';
import { storedSchemas } from './versions.js';
import { readMenuFile, syncMenu } from '../db/menuSync.js';
import { preparePageTables } from '../db/pageTables.js';
import { forgetMenuFile } from '../data/roleGrants.js';
import { reloadMessages } from '../i18n/messages.js';
import { requireUser } from '../plugins/auth.js';
import { ok } from '../plugins/envelope.js';
import { openObject, responses } from '../routes/contracts.js';

export interface ReloadResult { pages: number; tables: string[]; menus: number }

/** Only the super administrator changes what every page is, for everyone, at once. */
export function requireSuperAdmin(user: SessionUser): void {
  if (user.activeRole !== 'SUPER_ADMIN') throw forbidden('schemaAdmin.server.superAdminOnly');
}

/**
 * Reads the schemas folder (with the versions saved in the playground standing in for their files),
 * menu.json and the message files again and applies them without a restart: tables are created or
 * extended as at start (new tables get their demo rows), new menu entries are added. Nothing changes
 * unless every page is valid; the problems are answered instead. This is the one function that makes
 * an instance serve what is stored: a saved version, a rollback and a reload all end here.
 */
export async function reloadSchemas(ctx: AppContext, log: (msg: string) => void): Promise<ReloadResult> {
  const dir = ctx.config.schemasDir;
  const { pages, problems } = checkSchemas(dir, await storedSchemas(ctx.database));
  let menu;
  try {
    menu = readMenuFile(dir);
  } catch (err) {
    problems.push(...(err as Error).message.split('\n').slice(1).map((l) => l.trim()));
  }
  if (problems.length || !menu) {
    throw new AppError(400, 'schemaAdmin.server.reloadRefused', { count: problems.length, first: problems[0] ?? '' }, undefined, 400, { problems });
  }
  // The same map object is kept: every request reads ctx.schemas.pages when it runs.
  const before = new Map(ctx.schemas.pages);
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
  const menus = await syncMenu(ctx, menu);
  forgetMenuFile(dir);
  reloadMessages();
  log(`schemas reloaded: ${pages.size} pages, new tables ${tables.join(', ') || 'none'}, ${menus} menu entries added`);
  return { pages: pages.size, tables, menus };
}

/** The playground's name for the reload: what a save or a rollback calls (and every instance should run). */
export const applySchemas = reloadSchemas;

/** POST /open-platform/schemas/reload: the reload, for the super administrator. */
export function registerSchemaReload(app: FastifyInstance): void {
  app.post('/open-platform/schemas/reload', {
    schema: {
      tags: ['schemas'], summary: 'Re-read page schemas, menu.json and messages and apply them without a restart (super administrator only)',
      response: responses(openObject({ pages: { type: 'integer' }, tables: { type: 'array', items: { type: 'string' } }, menus: { type: 'integer' } }), 400, 403),
    },
  }, async (req) => {
    requireSuperAdmin(requireUser(req));
    return ok(await reloadSchemas(app.ctx, (m) => app.log.info(m)));
  });
}
