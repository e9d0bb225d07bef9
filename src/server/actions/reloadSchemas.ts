import { reloadEverywhere, requireSuperAdmin } from '../schemas/reload.js';
import type { ActionHandler } from './types.js';

/** List action of the menu page: applies changed page schemas, menu.json and messages without a restart. */
export const reloadSchemasAction: ActionHandler = async (ctx, access) => {
  requireSuperAdmin(access.user);
  const r = await reloadEverywhere(ctx, () => undefined);
  const params = { pages: r.pages, tables: r.tables.length, menus: r.menus };
  if (r.refused.length)
    return { message: 'schemaAdmin.server.reloadedPartly', params: { ...params, count: r.refused.length, first: r.refused[0] } };
  return { message: 'schemaAdmin.server.reloaded', params };
};
