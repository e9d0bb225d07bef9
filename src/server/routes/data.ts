import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { forbidden, notFound } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { sendWithEtag } from '../plugins/etag.js';
import { translate } from '../i18n/messages.js';
import { actionsFor, allows, findPage, optionsAccess, pageAccess } from '../data/access.js';
import { parentsOf } from '../../shared/schema/relations.js';
import { listRecords, listSort, parseListQuery, whereFor } from '../data/list.js';
import { createRecord, deleteRecords, loadScoped, runTransition, updateRecord } from '../data/write.js';
import { toRecord } from '../data/rows.js';
import { maskerFor, maskRecord } from '../data/masking.js';
import { sendExport } from '../export/records.js';
import { listOptions, recordHistory, runReport } from '../data/extras.js';
import { runDashboard } from '../data/dashboard.js';
import { runRowAction } from '../actions/run.js';
import { relatedSummary } from '../data/relatedSummary.js';
import { chainView } from '../data/chainView.js';
import { pageI18nKeys } from '../../shared/schema/i18nKeys.js';
import type { TabSpec } from '../../shared/schema/types.js';
import {
  Answers,
  BulkIdsBody,
  CurrentQuery,
  DialogBody,
  ExportQuery,
  FilterQuery,
  ListQuery,
  NamedParams,
  OptionsQuery,
  PageParams,
  RecordBody,
  RecordParams,
  UpdateBody,
  dropEmptyQuery,
  emptyBodyAsObject,
  plainJsonSerializer,
  refuseInvalid,
  validatorCompiler,
} from './dataContract.js';
import { dynamicView } from '../db/connect.js';

const tags = ['data'];
/** Validation failures reach the pre-handler, which answers them in the envelope's words. */
const checked = { attachValidation: true, preValidation: dropEmptyQuery, preHandler: refuseInvalid, validatorCompiler };
const dialog = { ...checked, preValidation: [dropEmptyQuery, emptyBodyAsObject] };

/** The generic data API: one route family serves every schema page (design §6). */
export function registerDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.ctx;
  const base = '/open-platform/data/:page';

  app.get(
    base,
    {
      ...checked,
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: 'List records: page, size (≤10,000), sort (field or -field), q, and filters by field name',
        params: PageParams,
        querystring: ListQuery,
        response: Answers.list,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      if (!access.page.resource) throw notFound('server.data.unknownPage', { page: access.page.id });
      const answer = await listRecords(ctx, access.page, parseListQuery(ctx, access, req.query));
      const mask = maskerFor(access, access.page);
      return ok(mask ? { ...answer, list: answer.list.map(mask) } : answer);
    },
  );

  app.get(
    `${base}/options`,
    {
      ...checked,
      schema: {
        tags,
        summary: 'Reference options: ?q= search or ?ids= labels',
        params: PageParams,
        querystring: OptionsQuery,
        response: Answers.options,
      },
    },
    async (req) => {
      const access = await optionsAccess(ctx, req, req.params.page);
      return ok(await listOptions(ctx, access, req.query, req.lang));
    },
  );

  app.get(
    `${base}/export`,
    {
      ...checked,
      schema: {
        tags,
        summary: 'Stream all matching records as CSV or XLSX (?format=csv|xlsx)',
        params: PageParams,
        querystring: ExportQuery,
        response: Answers.file,
      },
    },
    async (req, reply) => {
      const access = await pageAccess(ctx, req, req.params.page, 'export');
      return sendExport(
        ctx,
        reply,
        access.page,
        whereFor(ctx, access, req.query),
        req.query.format ?? 'csv',
        req.lang,
        req.query.tzOffset ?? 0,
        listSort(access.page, req.query),
        maskerFor(access, access.page),
        access.user.partyKind === 'platform',
      );
    },
  );

  app.get(
    `${base}/report`,
    {
      ...checked,
      schema: {
        tags,
        summary: 'Grouped aggregates of a report page',
        params: PageParams,
        querystring: FilterQuery,
        response: Answers.report,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      if (!access.page.report) throw notFound('server.data.unknownPage', { page: access.page.id });
      const source = findPage(ctx, access.page.report.source);
      // The source's own fixed filter holds for the report too.
      const sourceAccess = { ...access, page: source, locks: { ...(source.fixedFilter ?? {}) } };
      return ok(await runReport(ctx, access, source, whereFor(ctx, sourceAccess, req.query)));
    },
  );

  app.get(
    `${base}/dashboard`,
    {
      ...checked,
      schema: {
        tags,
        summary: 'Key figures and chart groups of a dashboard page, within the caller’s scope',
        params: PageParams,
        response: Answers.dashboard,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      if (!access.page.dashboard) throw notFound('server.data.unknownPage', { page: access.page.id });
      return ok(await runDashboard(ctx, access, findPage(ctx, access.page.dashboard.source)));
    },
  );

  // Settings pages keep one record per organisation; platform staff may pick the organisation.
  app.get(
    `${base}/current`,
    {
      ...checked,
      schema: {
        tags,
        summary: 'The settings record of an organisation',
        params: PageParams,
        querystring: CurrentQuery,
        response: Answers.current,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      if (access.page.kind !== 'settings') throw notFound('server.data.unknownPage', { page: access.page.id });
      const party = settingsParty(access.user.partyKind, access.user.partyCode, req.query.partyCode);
      const row = await dynamicView(ctx.database.db)
        .selectFrom(access.page.resource!.table)
        .select(['id'])
        .where('partyCode', '=', party)
        .executeTakeFirst();
      const record = row ? maskRecord(access, toRecord(access.page, await loadScopedForParty(access, Number(row.id)))) : null;
      return ok({ partyCode: party, record });
    },
  );

  app.post(
    base,
    { ...checked, schema: { tags, summary: 'Create a record', params: PageParams, body: RecordBody, response: Answers.created } },
    async (req, reply) => {
      const access = await pageAccess(ctx, req, req.params.page, 'create');
      reply.status(201);
      return ok(maskRecord(access, await createRecord(ctx, access, req.body)));
    },
  );

  app.post(
    `${base}/bulk-delete`,
    {
      ...checked,
      schema: {
        tags,
        summary: 'Delete several records: {ids: number[]} (1 to 200)',
        params: PageParams,
        body: BulkIdsBody,
        response: Answers.deleted,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'delete');
      return ok({ deleted: await deleteRecords(ctx, access, req.body.ids) });
    },
  );

  app.get(
    `${base}/:id`,
    { ...checked, schema: { tags, summary: 'One record', params: RecordParams, response: Answers.record } },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      return ok(maskRecord(access, toRecord(access.page, await loadScoped(ctx, access, req.params.id))));
    },
  );

  app.get(
    `${base}/:id/history`,
    { ...checked, schema: { tags, summary: 'The change history of a record', params: RecordParams, response: Answers.history } },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      const record = await loadScoped(ctx, access, req.params.id);
      const mask = maskerFor(access, access.page);
      const entries = await recordHistory(ctx, access.page, Number(record.id));
      return ok(mask ? entries.map((e) => ({ ...e, before: e.before && mask(e.before), after: e.after && mask(e.after) })) : entries);
    },
  );

  app.get(
    `${base}/:id/related-summary/:name`,
    {
      ...checked,
      schema: {
        tags,
        summary: 'A relation group of the record: per child page the caller may read, how many records belong to it and the latest',
        params: NamedParams,
        response: Answers.relatedSummary,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      return ok(await relatedSummary(ctx, req, access, req.params.id, req.params.name));
    },
  );

  app.get(
    `${base}/:id/chain/:name`,
    {
      ...checked,
      schema: {
        tags,
        summary:
          "A chain view of the record: each step's documents (number, amount, state) within its organisation, and the fen still open",
        params: NamedParams,
        response: Answers.chain,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      return ok(await chainView(ctx, req, access, req.params.id, req.params.name));
    },
  );

  app.put(
    `${base}/:id`,
    {
      ...checked,
      schema: {
        tags,
        summary: 'Update a record; the body carries the version read (stale → 409)',
        params: RecordParams,
        body: UpdateBody,
        response: Answers.record,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'update');
      return ok(maskRecord(access, await updateRecord(ctx, access, req.params.id, req.body)));
    },
  );

  app.delete(
    `${base}/:id`,
    { ...checked, schema: { tags, summary: 'Delete a record', params: RecordParams, response: Answers.deleted } },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'delete');
      return ok({ deleted: await deleteRecords(ctx, access, [req.params.id]) });
    },
  );

  app.post(
    `${base}/:id/transitions/:name`,
    {
      ...dialog,
      schema: {
        tags,
        summary: 'Move a record to another state; the body holds the dialog’s fields and may carry the version read',
        params: NamedParams,
        body: DialogBody,
        response: Answers.record,
      },
    },
    async (req) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      return ok(maskRecord(access, await runTransition(ctx, access, req.params.id, req.params.name, req.body)));
    },
  );

  app.post(
    `${base}/:id/actions/:name`,
    {
      ...dialog,
      schema: {
        tags,
        summary: 'Run a row action of the page; the body holds the action’s dialog fields',
        params: NamedParams,
        body: DialogBody,
        response: Answers.actionResult,
      },
    },
    async (req) => {
      return ok(await runRowAction(ctx, req, req.params.page, req.params.name, req.params.id, req.body));
    },
  );

  app.get(
    '/open-platform/schemas/:page',
    {
      ...checked,
      schema: {
        tags: ['schemas'],
        summary: 'A page schema with its messages in the caller’s language, and the caller’s actions on it',
        params: PageParams,
        response: Answers.schema,
      },
    },
    async (req, reply) => {
      const access = await pageAccess(ctx, req, req.params.page, 'read');
      const { demo: _demo, ...page } = access.page;
      void _demo;
      // A report or dashboard page also sends the page it aggregates, for its filters and labels.
      const sourceId = access.page.report?.source ?? access.page.dashboard?.source;
      const sourcePage = sourceId ? findPage(ctx, sourceId) : null;
      const keys = new Set([...pageI18nKeys(access.page), ...(sourcePage ? pageI18nKeys(sourcePage) : [])]);
      for (const id of refTargets(access.page)) keys.add(findPage(ctx, id).title);
      // Related pages: the children this caller may read (tabs of the detail), and this page's parents.
      const relations = [];
      for (const r of access.page.relations ?? []) {
        if (allows(await actionsFor(ctx, access.user, r.page), 'read'))
          relations.push({ ...r, title: r.title ?? findPage(ctx, r.page).title });
      }
      const parents = parentsOf(ctx.schemas.pages.values(), access.page.id).map((l) => ({
        page: l.page,
        field: l.field,
        title: findPage(ctx, l.page).title,
      }));
      // A group is shown when the caller may read one of its pages; its lines come with the summary.
      const relationGroups = [];
      for (const g of access.page.relationGroups ?? []) {
        const readable = await Promise.all(g.pages.map(async (id) => allows(await actionsFor(ctx, access.user, id), 'read')));
        if (readable.some(Boolean)) relationGroups.push(g);
      }
      for (const r of relations) keys.add(r.title);
      for (const p of parents) keys.add(p.title);
      // A tabs page names only the tabs the caller may read; each tab's data keeps its own page's checks.
      if (access.page.tabs) {
        page.tabs = await readableTabs(req, access.page.tabs);
        for (const tab of page.tabs) keys.add(tab.title!);
      }
      const messages = Object.fromEntries([...keys].map((k) => [k, translate(req.lang, k)]));
      const actions = access.actions === 'all' ? ['*'] : [...access.actions];
      const source = sourcePage ? (({ demo: _d, ...rest }) => rest)(sourcePage) : undefined;
      // Revalidated by ETag: a page opened again costs a 304 unless its schema, messages or grants changed.
      return sendWithEtag(
        req,
        reply,
        ok({ page: { ...page, relations, ...(page.relationGroups ? { relationGroups } : {}) }, messages, actions, source, parents }),
      );
    },
  );

  async function readableTabs(req: FastifyRequest, tabs: TabSpec[]): Promise<TabSpec[]> {
    const allowed = await Promise.all(
      tabs.map((tab) =>
        pageAccess(ctx, req, tab.page, 'read').then(
          () => true,
          () => false,
        ),
      ),
    );
    // Each tab says its label: its own, or the title of the page it shows.
    return tabs.filter((_, i) => allowed[i]).map((tab) => ({ ...tab, title: tab.title ?? findPage(ctx, tab.page).title }));
  }

  function settingsParty(kind: string, own: string, requested: unknown): string {
    if (typeof requested === 'string' && requested && requested !== own) {
      if (kind !== 'platform') throw forbidden('server.data.otherParty');
      return requested;
    }
    return own;
  }

  async function loadScopedForParty(access: Awaited<ReturnType<typeof pageAccess>>, id: number) {
    return loadScoped(ctx, { ...access, user: { ...access.user, partyKind: 'platform' } }, id);
  }
}

function refTargets(page: { model?: { properties: Record<string, { 'x-ref'?: string }> } }): string[] {
  return Object.values(page.model?.properties ?? {})
    .map((f) => f['x-ref'])
    .filter((x): x is string => Boolean(x));
}
