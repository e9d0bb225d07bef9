import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../plugins/envelope.js';
import { badRequest } from '../errors.js';
import { anonymous, Nullable, responses } from './contracts.js';

// Longer values are cut rather than refused: a browser's error report is kept even when it is long.
const errorBody = Nullable(
  Type.Partial(Type.Object({ error: Type.String(), component: Type.String(), info: Type.String(), url: Type.String() })),
);

const clip = (v: unknown, max: number) =>
  typeof v === 'string' ? v.slice(0, max) : v === undefined || v === null ? null : String(v).slice(0, max);

/** Uncaught browser errors (production builds only) are kept for the error-log page. */
export function registerErrorLogRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/open-platform/errorLog',
    {
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['logs'],
        summary: 'Record an uncaught browser error',
        ...anonymous,
        body: errorBody,
        response: responses(Type.Null(), 413, 429),
      },
    },
    async (req) => {
      const body = req.body ?? {};
      if (!body.error) throw badRequest('server.userLog.empty');
      const now = new Date().toISOString();
      await app.ctx.database.core
        .insertInto('sys_error_log')
        .values({
          error: String(body.error).slice(0, 2000),
          component: clip(body.component, 200),
          info: clip(body.info, 4000),
          url: clip(body.url, 1000),
          userAgent: clip(req.headers['user-agent'], 255),
          username: req.user?.username ?? null,
          partyCode: req.user?.partyCode ?? null,
          ip: req.ip,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return ok(null);
    },
  );
}
