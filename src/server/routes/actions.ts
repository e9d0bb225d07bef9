import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../plugins/envelope.js';
import { runBulkAction, runListAction } from '../actions/run.js';

type Req = FastifyRequest<{ Params: { page: string; name?: string } }>;

const tags = ['data'];
const params = { type: 'object', properties: { page: { type: 'string', description: 'page id, URL-encoded' }, name: { type: 'string' } } };

/** Actions on the whole list and on a selection; the row level lives with the record routes (data.ts). */
export function registerActionRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  app.post('/open-platform/data/:page/actions/:name', { schema: { tags, summary: 'Run a list action of the page (no record)', params } },
    async (req: Req) => ok(await runListAction(ctx, req)));
  app.post('/open-platform/data/:page/bulk-actions/:name', {
    schema: { tags, summary: 'Run a bulk action on a selection: {ids: number[], ...fields}; answers each row’s success or failure', params },
  }, async (req: Req) => ok(await runBulkAction(ctx, req)));
}
