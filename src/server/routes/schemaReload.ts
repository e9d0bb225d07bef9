import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requireUser } from '../plugins/auth.js';
import { ok } from '../plugins/envelope.js';
import { reloadEverywhere, requireSuperAdmin } from '../schemas/reload.js';
import { responses } from './contracts.js';

/** POST /open-platform/schemas/reload: the reload, for the super administrator. */
export function registerSchemaReload(app: FastifyInstance): void {
  app.post(
    '/open-platform/schemas/reload',
    {
      schema: {
        tags: ['schemas'],
        summary:
          'Re-read page schemas, menu.json and messages and apply them without a restart, on every instance sharing the database (super administrator only)',
        response: responses(
          Type.Partial(
            Type.Object({
              pages: Type.Integer(),
              tables: Type.Array(Type.String()),
              menus: Type.Integer(),
              menusUpdated: Type.Integer(),
              refused: Type.Array(Type.String()),
            }),
            { additionalProperties: true },
          ),
          400,
          403,
        ),
      },
    },
    async (req) => {
      requireSuperAdmin(requireUser(req));
      return ok(await reloadEverywhere(app.ctx, (m) => app.log.info(m)));
    },
  );
}
