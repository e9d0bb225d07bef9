import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { translate } from '../i18n/messages.js';
import { actionsFor, allows, findPage, optionsAccess, pageAccess } from '../data/access.js';
import { parentsOf } from '../../engine/schema/relations.js';
import { listRecords, parseListQuery, whereFor } from '../data/list.js';
import { createRecord, deleteRecords, loadScoped, parseBulkIds, runTransition, updateRecord } from '../data/write.js';
import { toRecord } from '../data/rows.js';
import { sendExport } from '../data/exportRecords.js';
import { listOptions, recordHistory, runReport } from '../data/extras.js';
import { validateFragment } from '../data/validateBody.js';
import { actionHandler } from '../actions/index.js';
import { pageI18nKeys } from '../../engine/schema/i18nKeys.js';

type Params = { page: string; id?: string; name?: string };
type Req = FastifyRequest<{ Params: Params; Querystring: Record<string, unknown> }>;

const tags = ['data'];
const pageParam = { type: 'object', properties: { page: { type: 'string', description: 'page id, URL-encoded (platformUser%2Fdepartment)' } } };
const withId = { type: 'object', properties: { ...pageParam.properties, id: { type: 'string' } } };

/** The generic data API: one route family serves every schema page (design §6). */
export function registerDataRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const base = '/open-platform/data/:page';

  app.get(base, { schema: { tags, summary: 'List records: page, size (≤10,000), sort (field or -field), q, and filters by field name', params: pageParam } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'read');
    if (!access.page.resource) throw notFound('server.data.unknownPage', { page: access.page.id });
    return ok(await listRecords(ctx, access.page, parseListQuery(ctx, access, req.query)));
  });

  app.get(`${base}/options`, { schema: { tags, summary: 'Reference options: ?q= search or ?ids= labels', params: pageParam } }, async (req: Req) => {
    const access = await optionsAccess(ctx, req, req.params.page);
    return ok(await listOptions(ctx, access, req.query, req.lang));
  });

  app.get(`${base}/export`, { schema: { tags, summary: 'Stream all matching records as CSV or XLSX (?format=csv|xlsx)', params: pageParam } }, async (req: Req, reply: FastifyReply) => {
    const access = await pageAccess(ctx, req, req.params.page, 'export');
    const tz = Number(req.query.tzOffset ?? 0);
    return sendExport(ctx, reply, access.page, whereFor(ctx, access, req.query), req.query.format ?? 'csv', req.lang, Number.isFinite(tz) ? tz : 0);
  });

  app.get(`${base}/report`, { schema: { tags, summary: 'Grouped aggregates of a report page', params: pageParam } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'read');
    if (!access.page.report) throw notFound('server.data.unknownPage', { page: access.page.id });
    const source = findPage(ctx, access.page.report.source);
    // The source's own fixed filter holds for the report too.
    const sourceAccess = { ...access, page: source, locks: { ...(source.fixedFilter ?? {}) } };
    return ok(await runReport(ctx, access, source, whereFor(ctx, sourceAccess, req.query)));
  });

  // Settings pages keep one record per organisation; platform staff may pick the organisation.
  app.get(`${base}/current`, { schema: { tags, summary: 'The settings record of an organisation', params: pageParam } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'read');
    if (access.page.kind !== 'settings') throw notFound('server.data.unknownPage', { page: access.page.id });
    const party = settingsParty(access.user.partyKind, access.user.partyCode, req.query.partyCode);
    const row = await ctx.database.db.selectFrom(access.page.resource!.table).select(['id']).where('partyCode', '=', party).executeTakeFirst();
    const record = row ? toRecord(access.page, await loadScopedForParty(access, String(row.id))) : null;
    return ok({ partyCode: party, record });
  });

  app.post(base, { schema: { tags, summary: 'Create a record', params: pageParam } }, async (req: Req, reply) => {
    const access = await pageAccess(ctx, req, req.params.page, 'create');
    reply.status(201);
    return ok(await createRecord(ctx, access, req.body));
  });

  app.post(`${base}/bulk-delete`, { schema: { tags, summary: 'Delete several records: {ids: number[]}', params: pageParam } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'delete');
    return ok({ deleted: await deleteRecords(ctx, access, parseBulkIds(req.body)) });
  });

  app.get(`${base}/:id`, { schema: { tags, summary: 'One record', params: withId } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'read');
    return ok(toRecord(access.page, await loadScoped(ctx, access, req.params.id!)));
  });

  app.get(`${base}/:id/history`, { schema: { tags, summary: 'The change history of a record', params: withId } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'read');
    const record = await loadScoped(ctx, access, req.params.id!);
    return ok(await recordHistory(ctx, access.page, Number(record.id)));
  });

  app.put(`${base}/:id`, { schema: { tags, summary: 'Update a record; the body carries the version read (stale → 409)', params: withId } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'update');
    return ok(await updateRecord(ctx, access, req.params.id!, req.body));
  });

  app.delete(`${base}/:id`, { schema: { tags, summary: 'Delete a record', params: withId } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'delete');
    return ok({ deleted: await deleteRecords(ctx, access, [req.params.id!]) });
  });

  app.post(`${base}/:id/transitions/:name`, { schema: { tags, summary: 'Move a record to another state', params: { type: 'object', properties: { ...withId.properties, name: { type: 'string' } } } } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'read');
    return ok(await runTransition(ctx, access, req.params.id!, req.params.name!, req.body));
  });

  app.post(`${base}/:id/actions/:name`, { schema: { tags, summary: 'Run a custom action of the page', params: { type: 'object', properties: { ...withId.properties, name: { type: 'string' } } } } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'read');
    const action = access.page.actions?.find((a) => a.name === req.params.name);
    const handler = action && actionHandler(action.handler);
    if (!action || !handler) throw notFound('server.data.unknownAction', { name: String(req.params.name).slice(0, 40) });
    if (!allows(access.actions, `action:${action.name}`) && !allows(access.actions, 'update')) throw forbidden('server.data.forbidden', { action: action.name });
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    validateFragment(access.page, action.fields ?? {}, action.required ?? [], body);
    const record = toRecord(access.page, await loadScoped(ctx, access, req.params.id!));
    return ok(await handler(ctx, access, record, body));
  });

  app.get('/open-platform/schemas/:page', { schema: { tags: ['schemas'], summary: 'A page schema with its messages in the caller’s language, and the caller’s actions on it', params: pageParam } }, async (req: Req) => {
    const access = await pageAccess(ctx, req, req.params.page, 'read');
    const { demo: _demo, ...page } = access.page;
    void _demo;
    // A report page also sends the page it aggregates, for its filters and labels.
    const sourcePage = access.page.report ? findPage(ctx, access.page.report.source) : null;
    const keys = new Set([...pageI18nKeys(access.page), ...(sourcePage ? pageI18nKeys(sourcePage) : [])]);
    for (const id of refTargets(access.page)) keys.add(findPage(ctx, id).title);
    // Related pages: the children this caller may read (tabs of the detail), and this page's parents.
    const relations = [];
    for (const r of access.page.relations ?? []) {
      if (allows(await actionsFor(ctx, access.user, r.page), 'read')) relations.push({ ...r, title: r.title ?? findPage(ctx, r.page).title });
    }
    const parents = parentsOf(ctx.schemas.pages.values(), access.page.id).map((l) => ({ page: l.page, field: l.field, title: findPage(ctx, l.page).title }));
    for (const r of relations) keys.add(r.title);
    for (const p of parents) keys.add(p.title);
    const messages = Object.fromEntries([...keys].map((k) => [k, translate(req.lang, k)]));
    const actions = access.actions === 'all' ? ['*'] : [...access.actions];
    const source = sourcePage ? (({ demo: _d, ...rest }) => rest)(sourcePage) : undefined;
    return ok({ page: { ...page, relations }, messages, actions, source, parents });
  });

  function settingsParty(kind: string, own: string, requested: unknown): string {
    if (typeof requested === 'string' && requested && requested !== own) {
      if (kind !== 'platform') throw forbidden('server.data.otherParty');
      return requested;
    }
    return own;
  }

  async function loadScopedForParty(access: Awaited<ReturnType<typeof pageAccess>>, id: string) {
    return loadScoped(ctx, { ...access, user: { ...access.user, partyKind: 'platform' } }, id);
  }

}

function refTargets(page: { model?: { properties: Record<string, { 'x-ref'?: string }> } }): string[] {
  return Object.values(page.model?.properties ?? {}).map((f) => f['x-ref']).filter((x): x is string => Boolean(x));
}
