import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { readMessagesFile, messagesFileOf } from '../i18n/pageMessages.js';
import { parseJsonObject } from '../db/json.js';
import { applySchemas } from './reload.js';
import { checkCandidate, type PlacedProblem } from './candidate.js';
import { addVersion, dropVersion, REMOVED, versionsOf } from './versions.js';
import { extrasProblems, removeMenuEntry, type PageMessageTexts, type PlaygroundMenu } from './playgroundExtras.js';

export function fileText(ctx: AppContext, id: string): string | null {
  const file = path.join(ctx.config.schemasDir, `${id}.json`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/** What a page's editor opens with: its messages (the saved version's, else its message file) and its saved menu entry. */
export async function extrasOf(ctx: AppContext, id: string): Promise<{ messages: PageMessageTexts | null; menu: PlaygroundMenu | null }> {
  const [latest] = await versionsOf(ctx.database, id);
  const file = messagesFileOf(ctx.config.schemasDir, id);
  const fromFile = fs.existsSync(file) ? readMessagesFile(file) : null;
  const messages = latest?.messages
    ? parseJsonObject<PageMessageTexts>(latest.messages, {} as PageMessageTexts)
    : fromFile && { zh: fromFile.zh, en: fromFile.en, es: fromFile.es, ja: fromFile.ja };
  const menu = latest?.menu ? parseJsonObject<PlaygroundMenu>(latest.menu, {} as PlaygroundMenu) : null;
  return { messages, menu };
}

export interface SaveExtras {
  messages?: PageMessageTexts;
  menu?: PlaygroundMenu;
}

const refused = (problems: PlacedProblem[]) =>
  badRequest('playground.server.saveRefused', { count: problems.length, first: problems[0].message }, { data: { problems } });

/**
 * Checks, stores and applies a page's text with its messages and menu entry (those not given stay as
 * the last version had them); the stored version is dropped again if applying fails.
 */
export async function saveAndApply(
  app: FastifyInstance,
  id: string,
  source: string,
  author: string,
  note: string | null,
  extras: SaveExtras = {},
) {
  const ctx = app.ctx;
  const [latest] = await versionsOf(ctx.database, id);
  const messages =
    extras.messages ?? (latest?.messages ? parseJsonObject<PageMessageTexts>(latest.messages, {} as PageMessageTexts) : undefined);
  const menu = extras.menu ?? (latest?.menu ? parseJsonObject<PlaygroundMenu>(latest.menu, {} as PlaygroundMenu) : null);
  const own = extrasProblems(id, messages, menu);
  if (own.length) throw refused(own.map((message) => ({ page: id, message, line: 1, column: 1 })));
  const { problems } = await checkCandidate(ctx, id, source, messages);
  if (problems.length) throw refused(problems);
  const revision = await addVersion(ctx.database, id, source, author, note, {
    messages: messages ? JSON.stringify(messages) : null,
    menu: menu ? JSON.stringify(menu) : null,
  });
  try {
    const applied = await applySchemas(ctx, (m) => app.log.info(m));
    return { revision, ...applied };
  } catch (err) {
    await dropVersion(ctx.database, id, revision);
    throw err;
  }
}

/**
 * Removes a page made in the playground: a revision with no text (the history stays), its menu entry
 * and grants go, and the page is no longer served. Its table and records stay, as for any page whose
 * file is removed. A page with a file is the reviewed source: it is removed by removing the file.
 */
export async function removePage(app: FastifyInstance, id: string, author: string) {
  const ctx = app.ctx;
  if (fileText(ctx, id) !== null) throw badRequest('playground.server.hasFile', { id });
  const [latest] = await versionsOf(ctx.database, id);
  if (!latest || latest.source === REMOVED) throw badRequest('playground.server.alreadyRemoved', { id });
  const revision = await addVersion(ctx.database, id, REMOVED, author, '✕');
  await removeMenuEntry(ctx, id);
  const applied = await applySchemas(ctx, (m) => app.log.info(m));
  return { revision, ...applied };
}
