import type { AppContext } from '../context.js';
import { conflict, forbidden } from '../errors.js';
import { parseJsonArray } from '../db/json.js';
import { readGrants } from '../services/grants.js';
import { mergeGrants } from '../services/customerRoles.js';
import {
  CUSTOMER_ROLE_PERMISSION_TABLE,
  CUSTOMER_ROLE_TABLE,
  USER_CUSTOMER_ROLES,
  customerRolesEnabled,
} from '../db/customerRoleTables.js';
import type { Grants } from '../services/menus.js';
import type { PageAccess } from './access.js';
import type { Row } from './rows.js';
import { granterFor, mayGrant } from './roleGrants.js';
import { invalid } from './validateBody.js';

interface StoredRole {
  code: string;
  partyCode: string;
  status: string;
  grants: Grants;
}

async function rolesByCode(ctx: AppContext, codes: string[]): Promise<Map<string, StoredRole>> {
  if (!codes.length) return new Map();
  const db = ctx.database.db;
  const [roles, permissions] = await Promise.all([
    db.selectFrom(CUSTOMER_ROLE_TABLE).select(['code', 'partyCode', 'status']).where('code', 'in', codes).execute(),
    db.selectFrom(CUSTOMER_ROLE_PERMISSION_TABLE).select(['roleCode', 'partyCode', 'grants']).where('roleCode', 'in', codes).execute(),
  ]);
  return new Map(
    roles.map((r) => {
      const own = permissions.filter((p) => p.roleCode === r.code && p.partyCode === r.partyCode);
      const grants = own.reduce<Grants>((acc, p) => mergeGrants(acc, readGrants(p.grants)), {});
      return [String(r.code), { code: String(r.code), partyCode: String(r.partyCode), status: String(r.status), grants }];
    }),
  );
}

/**
 * Customer roles on accounts (sys_user.customerRoles): an account holds only roles of its own
 * organisation; a role is given only while it is active, and only by someone who holds everything it
 * grants (so nobody hands out more than they have); an account holding roles beyond the writer's is
 * not changed by that writer at all, as for platform roles.
 */
export async function checkUserCustomerRoles(
  ctx: AppContext,
  access: PageAccess,
  op: 'create' | 'update' | 'delete',
  next: Row | null,
  existing: Row | null,
) {
  if (!customerRolesEnabled(ctx)) return;
  const before = parseJsonArray(existing?.[USER_CUSTOMER_ROLES]);
  const after = op === 'delete' || !next ? [] : parseJsonArray(next[USER_CUSTOMER_ROLES]);
  if (!before.length && !after.length) return;
  const party = String(next?.partyCode ?? existing?.partyCode ?? '');
  if (access.user.partyKind !== 'platform' && party !== access.user.partyCode) throw forbidden('server.data.otherParty');
  const roles = await rolesByCode(ctx, [...new Set([...before, ...after])]);
  const g = await granterFor(ctx, access.user);
  for (const code of before) {
    const role = roles.get(code);
    if (role && !mayGrant(g, role.grants)) throw forbidden('server.data.userAboveYou');
  }
  const added = after.filter((c) => !before.includes(c));
  for (const code of after) {
    const role = roles.get(code);
    const at = (key: string) => invalid({ [USER_CUSTOMER_ROLES]: { key, params: { role: code } } });
    if (!role) throw at('server.data.customerRoleMissing');
    // Also for roles kept: an account moved to another organisation cannot keep the old one's roles.
    if (role.partyCode !== party) throw at('server.data.customerRoleOtherParty');
    if (!added.includes(code)) continue;
    if (role.status !== 'active') throw at('server.data.customerRoleDisabled');
    if (!mayGrant(g, role.grants)) throw forbidden('server.data.roleNotAssignable');
  }
}

/** A customer role held by accounts is withdrawn from them before it is deleted (as for platform roles). */
export async function checkCustomerRoleInUse(ctx: AppContext, existing: Row) {
  if (!customerRolesEnabled(ctx)) return;
  // eslint-disable-next-line no-restricted-syntax -- customerRoles is a column the staff page adds, unknown to the core types
  const users = await ctx.database.db
    .selectFrom('sys_user')
    .select('id')
    .where(USER_CUSTOMER_ROLES, 'like', `%"${String(existing.code)}"%`)
    .where('partyCode', '=', String(existing.partyCode))
    .limit(1)
    .execute();
  if (users.length) throw conflict('server.data.roleInUse');
}
