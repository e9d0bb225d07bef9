import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { buildMenuTree, grantsFor, loadMenuRows } from '../services/menus.js';
import { ADMIN_ROLES, type AppContext, type SessionUser } from '../context.js';
import { Type } from '@sinclair/typebox';
import { responses } from './contracts.js';

/** The menu code of the roles page: whoever may update roles may see every menu entry to grant. */
export const ROLE_MENU_CODE = 'platformUser/roleManage';

export async function mayEditRoles(ctx: AppContext, user: SessionUser): Promise<boolean> {
  if (ADMIN_ROLES.includes(user.activeRole)) return true;
  const grants = await grantsFor(ctx, user);
  if (grants === 'all') return true;
  const actions = grants[ROLE_MENU_CODE] ?? [];
  return actions.includes('update') || actions.includes('*');
}

/**
 * GET /open-platform/menuTree: the whole menu, hidden entries included, for the role editor's
 * permission tree (menuTitle stays a message key; the browser translates it).
 */
export function registerMenuTreeRoute(app: FastifyInstance) {
  app.get(
    '/open-platform/menuTree',
    {
      schema: {
        tags: ['menus'],
        summary: 'The full menu tree, for editing role grants (admins and role editors only)',
        response: responses(
          Type.Array(
            Type.Partial(
              Type.Object({
                code: Type.String(),
                menuTitle: Type.String(),
                children: Type.Array(Type.Object({}, { additionalProperties: true })),
              }),
              { additionalProperties: true },
            ),
          ),
          403,
        ),
      },
    },
    async (req: FastifyRequest) => {
      const user = requireUser(req);
      if (!(await mayEditRoles(app.ctx, user))) throw forbidden('widgets.server.menuTree.forbidden');
      return ok(buildMenuTree(await loadMenuRows(app.ctx), 'all'));
    },
  );
}
