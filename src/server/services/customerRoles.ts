import type { AppContext, SessionUser } from '../context.js';
import { readCache } from '../db/readCache.js';
import { parseJsonArray } from '../db/json.js';
import { readGrants, type Grants } from './grants.js';
import {
  CUSTOMER_ROLE_PERMISSION_TABLE,
  CUSTOMER_ROLE_TABLE,
  USER_CUSTOMER_ROLES,
  customerRolesEnabled,
} from '../db/customerRoleTables.js';

/** The built-in role whose grants bound what any customer role can give. */
const CUSTOMER_CEILING = 'CUSTOMER_ADMIN';

/** The customer roles an account holds, as stored (codes, whatever their state). */
export async function heldCustomerRoles(ctx: AppContext, userId: number): Promise<string[]> {
  // eslint-disable-next-line no-restricted-syntax -- customerRoles is a column the staff page adds, unknown to the core types
  const row = await ctx.database.db.selectFrom('sys_user').select(USER_CUSTOMER_ROLES).where('id', '=', userId).executeTakeFirst();
  return parseJsonArray(row?.[USER_CUSTOMER_ROLES]);
}

/** a ∪ b, action by action. */
export function mergeGrants(a: Grants, b: Grants): Grants {
  const out: Grants = { ...a };
  for (const [code, actions] of Object.entries(b)) out[code] = [...new Set([...(out[code] ?? []), ...actions])];
  return out;
}

/** What of `wanted` the ceiling covers: entries it holds, and of those only its actions ('read' with any). */
export function boundGrants(wanted: Grants, ceiling: Grants): Grants {
  const out: Grants = {};
  for (const [code, actions] of Object.entries(wanted)) {
    const cap = ceiling[code];
    if (!cap?.length) continue;
    const kept = cap.includes('*') ? actions : actions.filter((a) => cap.includes(a) || a === 'read');
    if (kept.length) out[code] = kept;
  }
  return out;
}

async function loadGrants(ctx: AppContext, user: SessionUser): Promise<Grants> {
  const codes = await heldCustomerRoles(ctx, user.userId);
  if (!codes.length) return {};
  const db = ctx.database.db;
  // Only the account's own organisation's active roles count: a role disabled or moved gives nothing.
  const rows = await db
    .selectFrom(`${CUSTOMER_ROLE_PERMISSION_TABLE} as p`)
    .innerJoin(`${CUSTOMER_ROLE_TABLE} as r`, 'r.code', 'p.roleCode')
    .select('p.grants')
    .where('r.code', 'in', codes)
    .where('r.status', '=', 'active')
    .where('r.partyCode', '=', user.partyCode)
    .where('p.partyCode', '=', user.partyCode)
    .execute();
  if (!rows.length) return {};
  const ceiling = await ctx.database.core
    .selectFrom('sys_role')
    .select(['grants', 'status'])
    .where('code', '=', CUSTOMER_CEILING)
    .executeTakeFirst();
  if (!ceiling || ceiling.status !== 'active') return {};
  const union = rows.reduce<Grants>((acc, r) => mergeGrants(acc, readGrants(r.grants)), {});
  return boundGrants(union, readGrants(ceiling.grants));
}

/**
 * The grants a customer account's active customer roles add to its sign-in role, never more than a
 * customer administrator holds. Read at each request (cached until one of the tables is written), so a
 * role disabled, a permission changed or a role withdrawn applies to the account's next request.
 */
export async function customerRoleGrants(ctx: AppContext, user: SessionUser): Promise<Grants> {
  if (user.partyKind !== 'customer' || !customerRolesEnabled(ctx)) return {};
  const cache = readCache<Grants>(ctx.database, 'customerRoleGrants', {
    tables: ['sys_user', 'sys_role', CUSTOMER_ROLE_TABLE, CUSTOMER_ROLE_PERMISSION_TABLE],
    maxEntries: 10_000,
    ttlMs: 10_000,
    seeOtherConnections: true,
  });
  const key = `${user.userId}:${user.partyCode}`;
  return cache ? cache.get(key, () => loadGrants(ctx, user)) : loadGrants(ctx, user);
}
