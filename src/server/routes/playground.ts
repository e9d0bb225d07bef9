import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { badRequest, forbidden, notFound } from '../errors.js';
import { requireUser } from '../plugins/auth.js';
import { ok } from '../plugins/envelope.js';
import { translate } from '../i18n/messages.js';
import { Nullable, responses } from './contracts.js';
import { pageI18nKeys } from '../../shared/schema/i18nKeys.js';
import { checkCandidate, PAGE_ID } from '../schemas/candidate.js';
import { REMOVED, storedSchemas, versionsOf } from '../schemas/versions.js';
import { libraryNames } from '../schemas/load.js';
import { extrasOf, fileText, removePage, saveAndApply, type SaveExtras } from '../schemas/playgroundSave.js';
import { parseJsonObject } from '../db/json.js';

/**
 * The schema playground's routes (super administrator only): a page's text and its saved versions,
 * a check-and-preview of an edited text with every problem at its line, saving a new version that is
 * applied at once, and rolling back to an earlier one. Nothing here writes a page's records.
 */

const base = '/open-platform/playground';
const tags = ['schemas'];
const pageId = Type.String({ maxLength: 200, pattern: PAGE_ID.source });
const anyObject = Type.Object({}, { additionalProperties: true });
const IdQuery = Type.Object({ id: pageId });
const SourceBody = Type.Object({
  id: pageId,
  source: Type.String({ maxLength: 1_000_000 }),
  note: Type.Optional(Type.String({ maxLength: 200 })),
  // The page's message texts by language, and its menu entry (checked when saved).
  messages: Type.Optional(anyObject),
  menu: Type.Optional(
    Type.Object({
      parent: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
      icon: Type.String({ maxLength: 60 }),
      grants: Type.Optional(anyObject),
    }),
  ),
});
const IdBody = Type.Object({ id: pageId });
const RollbackBody = Type.Object({ id: pageId, revision: Type.Integer({ minimum: 0 }) });

function admin(req: FastifyRequest) {
  const user = requireUser(req);
  if (user.activeRole !== 'SUPER_ADMIN') throw forbidden('playground.server.superAdminOnly');
  return user;
}

export function registerPlayground(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.ctx;

  app.get(
    `${base}/pages`,
    {
      schema: {
        tags,
        summary: 'Pages the playground can open, with their titles and the revision saved for each (super administrator only)',
        response: responses(Type.Array(anyObject), 403),
      },
    },
    async (req) => {
      admin(req);
      const stored = await storedSchemas(ctx.database);
      const revisions = new Map(
        (
          await ctx.database.core
            .selectFrom('sys_schema_version')
            .select(['pageId', (eb) => eb.fn.max('revision').as('revision')])
            .groupBy('pageId')
            .execute()
        ).map((r) => [r.pageId, Number(r.revision)]),
      );
      const ids = [...new Set([...ctx.schemas.pages.keys(), ...stored.keys()])].sort();
      return ok(
        ids.map((id) => ({ id, title: translate(req.lang, ctx.schemas.pages.get(id)?.title ?? id), revision: revisions.get(id) ?? null })),
      );
    },
  );

  app.get(
    `${base}/page`,
    {
      schema: {
        tags,
        summary: 'A page’s current text (its saved version, else its file), its file, its versions and the field library’s names',
        querystring: IdQuery,
        response: responses(anyObject, 403, 404),
      },
    },
    async (req) => {
      admin(req);
      const { id } = req.query;
      const versions = await versionsOf(ctx.database, id);
      const file = fileText(ctx, id);
      if (!versions.length && file === null) throw notFound('playground.server.unknownPage', { id });
      return ok({
        id,
        source: versions[0]?.source || file || '',
        revision: versions[0]?.revision ?? null,
        file,
        versions,
        removed: versions[0]?.source === REMOVED,
        library: libraryNames(ctx.config.schemasDir),
        ...(await extrasOf(ctx, id)),
      });
    },
  );

  app.post(
    `${base}/preview`,
    {
      schema: {
        tags,
        summary:
          'Check an edited page text with the start’s checks; answers every problem with its line and column, and the page to render when valid',
        body: SourceBody,
        response: responses(anyObject, 403),
      },
    },
    async (req) => {
      admin(req);
      const { id, source, messages: texts } = req.body as { id: string; source: string } & SaveExtras;
      const { problems, page } = await checkCandidate(ctx, id, source, texts);
      if (!page) return ok({ problems, page: null });
      const keys = new Set(pageI18nKeys(page));
      for (const f of Object.values(page.model?.properties ?? {})) {
        const target = f['x-ref'] ? ctx.schemas.pages.get(f['x-ref']) : undefined;
        if (target) keys.add(target.title);
      }
      // A page made here shows the texts being edited, in the caller's language.
      const own = (texts as Record<string, Record<string, string>> | undefined)?.[req.lang] ?? {};
      const messages = Object.fromEntries([...keys].map((k) => [k, own[k] || translate(req.lang, k)]));
      const { demo: _demo, ...shown } = page;
      void _demo;
      // Rows come from the data routes of the page as saved; a page not saved yet has none to show.
      return ok({ problems, page: shown, messages, saved: ctx.schemas.pages.has(id) });
    },
  );

  app.post(
    `${base}/save`,
    {
      schema: {
        tags,
        summary: 'Save a page text as a new version and apply it at once (refused with every problem when invalid)',
        body: SourceBody,
        response: responses(anyObject, 403),
      },
    },
    async (req) => {
      const user = admin(req);
      const { id, source, note, messages, menu } = req.body as { id: string; source: string; note?: string } & SaveExtras;
      return ok(await saveAndApply(fastify, id, source, user.username, note?.trim() || null, { messages, menu }));
    },
  );

  app.post(
    `${base}/rollback`,
    {
      schema: {
        tags,
        summary: 'Apply an earlier version again (revision 0: the schema file), as a new revision with its text',
        body: RollbackBody,
        response: responses(anyObject, 403, 404),
      },
    },
    async (req) => {
      const user = admin(req);
      const { id, revision } = req.body;
      const versions = await versionsOf(ctx.database, id);
      if (versions.length && revision === versions[0].revision) throw badRequest('playground.server.alreadyCurrent', { revision });
      // Revision 0 of a page made here is "no page": rolling back to it removes the page.
      if (revision === 0 && fileText(ctx, id) === null && versions.length) return ok(await removePage(fastify, id, user.username));
      const version = versions.find((v) => v.revision === revision);
      const source = revision === 0 ? fileText(ctx, id) : version?.source;
      if (source == null || source === REMOVED) throw notFound('playground.server.unknownVersion', { id, revision });
      const extras = version
        ? { messages: parseJsonObject(version.messages, undefined as never), menu: parseJsonObject(version.menu, undefined as never) }
        : {};
      return ok(await saveAndApply(fastify, id, source, user.username, `↩ r${revision}`, extras));
    },
  );

  app.post(
    `${base}/delete`,
    {
      schema: {
        tags,
        summary:
          'Remove a page made in the playground (no file): a last revision without text; its menu entry and grants go, its records stay',
        body: IdBody,
        response: responses(anyObject, 400, 403),
      },
    },
    async (req) => {
      const user = admin(req);
      return ok(await removePage(fastify, req.body.id, user.username));
    },
  );

  app.get(
    `${base}/menus`,
    {
      schema: {
        tags,
        summary: 'The menu directories a new page may be put in, with their titles',
        response: responses(Type.Array(anyObject), 403),
      },
    },
    async (req) => {
      admin(req);
      const rows = await ctx.database.core
        .selectFrom('sys_menu')
        .select(['code', 'menuTitle', 'component'])
        .orderBy('menuLevel')
        .orderBy('sort')
        .execute();
      return ok(rows.filter((r) => !r.component).map((r) => ({ code: r.code, title: translate(req.lang, r.menuTitle) })));
    },
  );
}
