import type { AppContext } from '../context.js';

// Where customer roles live, down here because the demo seed gives its accounts theirs; the rules on
// them are the services' (services/customerRoles.ts).

/** The role list, its permission sets, and the account column holding an account's roles. */
export const CUSTOMER_ROLE_TABLE = 'cm_role';
export const CUSTOMER_ROLE_PERMISSION_TABLE = 'cm_role_permission';
export const USER_CUSTOMER_ROLES = 'customerRoles';

/** Whether the loaded schemas define customer roles and let accounts hold them (a trimmed schema set may not). */
export function customerRolesEnabled(ctx: AppContext): boolean {
  const tables = new Set([...ctx.schemas.pages.values()].map((p) => p.resource?.table));
  const userPages = [...ctx.schemas.pages.values()].filter((p) => p.resource?.table === 'sys_user');
  return (
    tables.has(CUSTOMER_ROLE_TABLE) &&
    tables.has(CUSTOMER_ROLE_PERMISSION_TABLE) &&
    userPages.some((p) => p.model?.properties[USER_CUSTOMER_ROLES])
  );
}
