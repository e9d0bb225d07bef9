import type { AppContext, SessionUser } from '../context.js';
import { conflict, forbidden } from '../errors.js';
import { flattenMenu, readMenuFile } from '../db/menuSync.js';
import { grantsFor, type Grants } from '../services/menus.js';
import { isGrants, readGrants } from '../services/grants.js';
import type { PageAccess } from './access.js';
import type { Row } from './rows.js';
import { invalid } from './validateBody.js';

/**
 * Who may hand out what. A role may be granted (assigned to a user, or written into a role) only
 * by someone whose own grants cover it; customer users may in addition only grant customer-side
 * pages, and SUPER_ADMIN, which holds everything whatever its stored grants, only by SUPER_ADMIN.
 */
export const SUPER_ADMIN = 'SUPER_ADMIN';
const CUSTOMER_ADMIN = 'CUSTOMER_ADMIN';

/** Whether `granted` gives nothing beyond `own`; a grant of any action on an entry includes reading it. */
export function withinGrants(granted: Grants, own: Grants | 'all'): boolean {
  if (own === 'all') return true;
  for (const [code, actions] of Object.entries(granted)) {
    const mine = Object.prototype.hasOwnProperty.call(own, code) ? own[code] : null;
    if (!mine) return false;
    if (mine.includes('*')) continue;
    if (!actions.every((a) => mine.includes(a) || (a === 'read' && mine.length > 0))) return false;
  }
  return true;
}

const menuFileCodes = new Map<string, Set<string>>();

/** Forgets what menu.json said, after a reload of the schemas folder. */
export function forgetMenuFile(dir: string): void {
  menuFileCodes.delete(dir);
}

/**
 * Customer-side menu entries: those menu.json opens to customer administrators, and those the
 * SUPER_ADMIN has given that role since (only SUPER_ADMIN changes a built-in role's grants).
 */
export async function customerSideCodes(ctx: AppContext): Promise<Set<string>> {
  const dir = ctx.config.schemasDir;
  let fromFile = menuFileCodes.get(dir);
  if (!fromFile) {
    fromFile = new Set(
      flattenMenu(readMenuFile(dir))
        .filter((e) => e.grants?.[CUSTOMER_ADMIN]?.length)
        .map((e) => e.code),
    );
    menuFileCodes.set(dir, fromFile);
  }
  const role = await ctx.database.core.selectFrom('sys_role').select('grants').where('code', '=', CUSTOMER_ADMIN).executeTakeFirst();
  return new Set([...fromFile, ...Object.keys(readGrants(role?.grants))]);
}

export interface Granter {
  user: SessionUser;
  own: Grants | 'all';
  customerSide: Set<string> | null;
}

export async function granterFor(ctx: AppContext, user: SessionUser): Promise<Granter> {
  const own = await grantsFor(ctx, user);
  const customerSide = user.partyKind === 'platform' || own === 'all' ? null : await customerSideCodes(ctx);
  return { user, own, customerSide };
}

/** Whether the granter may hand out (or take away, or rewrite) these grants. */
export function mayGrant(g: Granter, grants: Grants): boolean {
  if (!withinGrants(grants, g.own)) return false;
  return !g.customerSide || Object.keys(grants).every((code) => g.customerSide!.has(code));
}

/** Whether the granter may assign the role with this code (or withdraw it); an unknown role is never assignable. */
export async function mayAssignRole(ctx: AppContext, g: Granter, code: string): Promise<boolean> {
  if (code === SUPER_ADMIN) return g.user.activeRole === SUPER_ADMIN;
  const role = await ctx.database.core.selectFrom('sys_role').select('grants').where('code', '=', code).executeTakeFirst();
  return Boolean(role) && mayGrant(g, readGrants(role!.grants));
}

const asRoles = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * Accounts (sys_user): roles added or withdrawn must be assignable by the caller, and an account is
 * changed at all only by someone who could have given it every role it holds, since a new password
 * or phone would hand those roles over.
 */
export async function checkUserRoles(
  ctx: AppContext,
  access: PageAccess,
  op: 'create' | 'update' | 'delete',
  next: Row | null,
  existing: Row | null,
) {
  const g = await granterFor(ctx, access.user);
  const before = asRoles(existing?.roles);
  for (const r of before) if (!(await mayAssignRole(ctx, g, r))) throw forbidden('server.data.userAboveYou');
  const after = op === 'delete' ? [] : asRoles(next?.roles);
  for (const r of after.filter((x) => !before.includes(x)))
    if (!(await mayAssignRole(ctx, g, r))) throw forbidden('server.data.roleNotAssignable');
  if (existing && Number(existing.id) === access.user.userId && (op === 'delete' || next?.status === 'disabled')) {
    throw conflict('server.data.notYourself');
  }
}

/**
 * Roles (sys_role): grants have the stored shape; a built-in role's grants and status are changed by
 * SUPER_ADMIN only; others may change only roles whose grants they could hand out, and only into such.
 */
export async function checkRoleGrants(ctx: AppContext, access: PageAccess, next: Row | null, existing: Row | null) {
  if (next && next.grants !== undefined && next.grants !== null && !isGrants(next.grants)) {
    throw invalid({
      grants: { key: 'server.data.grantsInvalid', params: { field: access.page.model!.properties.grants?.title ?? 'grants' } },
    });
  }
  if (access.user.activeRole === SUPER_ADMIN) return;
  const g = await granterFor(ctx, access.user);
  if (existing && next && existing.builtIn) {
    const same = JSON.stringify(readGrants(next.grants)) === JSON.stringify(readGrants(existing.grants)) && next.status === existing.status;
    if (!same) throw forbidden('server.data.builtInRoleGrants');
  }
  if (existing && !mayGrant(g, readGrants(existing.grants))) throw forbidden('server.data.roleAboveYou');
  if (next && !mayGrant(g, readGrants(next.grants))) throw forbidden('server.data.grantsBeyondYours');
}

/**
 * A customer role's permissions (cm_role_permission): only customer-side entries, whoever writes
 * them, and no more than the writer holds; a set is changed or removed only by someone who could
 * have written it. The organisation of the role is the page's scope and its rule's business.
 */
export async function checkCustomerRoleGrants(ctx: AppContext, access: PageAccess, next: Row | null, existing: Row | null) {
  if (next && next.grants !== undefined && next.grants !== null && !isGrants(next.grants)) {
    throw invalid({
      grants: { key: 'server.data.grantsInvalid', params: { field: access.page.model!.properties.grants?.title ?? 'grants' } },
    });
  }
  const grants = readGrants(next?.grants);
  const customerSide = await customerSideCodes(ctx);
  if (Object.keys(grants).some((code) => !customerSide.has(code))) throw forbidden('server.data.customerRoleSideOnly');
  if (access.user.activeRole === SUPER_ADMIN) return;
  const g = await granterFor(ctx, access.user);
  if (existing && !mayGrant(g, readGrants(existing.grants))) throw forbidden('server.data.roleAboveYou');
  if (next && !mayGrant(g, grants)) throw forbidden('server.data.grantsBeyondYours');
}
