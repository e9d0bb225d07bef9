import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../plugins/envelope.js';
import { runBulkAction, runListAction } from '../actions/run.js';
import {
  ActionParams,
  Answers,
  BulkActionBody,
  DialogBody,
  dropEmptyQuery,
  emptyBodyAsObject,
  refuseInvalid,
  validatorCompiler,
} from './dataContract.js';

const tags = ['data'];
const checked = {
  attachValidation: true,
  preValidation: [dropEmptyQuery, emptyBodyAsObject],
  preHandler: refuseInvalid,
  validatorCompiler,
};

/** Actions on the whole list and on a selection; the row level lives with the record routes (data.ts). */
export function registerActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.ctx;
  app.post(
    '/open-platform/data/:page/actions/:name',
    {
      ...checked,
      schema: {
        tags,
        summary: 'Run a list action of the page (no record); the body holds the action’s dialog fields',
        params: ActionParams,
        body: DialogBody,
        response: Answers.actionResult,
      },
    },
    async (req) => ok(await runListAction(ctx, req, req.params.page, req.params.name, req.body)),
  );
  app.post(
    '/open-platform/data/:page/bulk-actions/:name',
    {
      ...checked,
      schema: {
        tags,
        summary: 'Run a bulk action on a selection: {ids: number[], ...fields}; answers each row’s success or failure',
        params: ActionParams,
        body: BulkActionBody,
        response: Answers.bulkResult,
      },
    },
    async (req) => ok(await runBulkAction(ctx, req, req.params.page, req.params.name, req.body)),
  );
}
