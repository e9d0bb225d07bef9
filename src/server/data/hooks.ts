import type { AppContext } from '../context.js';
import { AppError, forbidden } from '../errors.js';
import { invalidateMenuCache, type PageAccess } from './access.js';
import type { Row } from './rows.js';
import { guardAccountWrite } from './accountGuard.js';

/**
 * Rules that belong to particular core tables, which no page schema can state: who may hand out
 * which role, what may never be deleted. Keyed by table, so any page over the table obeys them.
 */
const PRIVILEGED = ['SUPER_ADMIN', 'PLAT_ADMIN', 'STAFF'];

function assignableRoles(access: PageAccess): (role: string) => boolean {
  const me = access.user.activeRole;
  if (me === 'SUPER_ADMIN') return () => true;
  if (me === 'PLAT_ADMIN') return (r) => r !== 'SUPER_ADMIN';
  return (r) => !PRIVILEGED.includes(r);
}

export async function beforeWrite(ctx: AppContext, access: PageAccess, op: 'create' | 'update' | 'delete', next: Row | null, existing: Row | null) {
  const table = access.page.resource!.table;
  if (table === 'sys_user') {
    const roles = (next?.roles ?? []) as string[];
    const before = (existing?.roles ?? []) as string[];
    const may = assignableRoles(access);
    const added = roles.filter((r) => !before.includes(r));
    const removed = op === 'delete' ? before : before.filter((r) => !roles.includes(r));
    if ([...added, ...removed].some((r) => !may(r))) throw forbidden('server.data.roleNotAssignable');
    if (existing && Number(existing.id) === access.user.userId && (op === 'delete' || next?.status === 'disabled')) {
      throw new AppError(409, 'server.data.notYourself');
    }
  }
  if (table === 'sys_role' && existing) {
    if (op === 'delete' && existing.builtIn) throw new AppError(409, 'server.data.builtInRole');
    if (op === 'delete') {
      const users = await ctx.database.core.selectFrom('sys_user').select('id').where('roles', 'like', `%"${String(existing.code)}"%`).limit(1).execute();
      if (users.length) throw new AppError(409, 'server.data.roleInUse');
    }
  }
  if (table === 'sys_party' && existing && op === 'delete') {
    if (existing.kind === 'platform') throw new AppError(409, 'server.data.platformParty');
    const users = await ctx.database.core.selectFrom('sys_user').select('id').where('partyCode', '=', String(existing.code)).limit(1).execute();
    if (users.length) throw new AppError(409, 'server.data.partyInUse');
  }
  await guardAccountWrite(ctx, access, op, next, existing);
}

export function afterWrite(access: PageAccess) {
  if (access.page.resource!.table === 'sys_menu' || access.page.resource!.table === 'sys_role') invalidateMenuCache();
}
