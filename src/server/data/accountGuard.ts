import type { AppContext, SessionUser } from '../context.js';
import { forbidden } from '../errors.js';
import { parseJsonArray } from '../db/json.js';
import { revokeUserSessions } from '../services/sessions.js';
import type { PageAccess } from './access.js';
import type { Row } from './rows.js';

export const TOP_ROLE = 'SUPER_ADMIN';

/** What signs an account in or keeps it usable: only a SUPER_ADMIN changes these on a SUPER_ADMIN's account. */
const GUARDED_USER_FIELDS = ['username', 'phone', 'email', 'status', 'partyCode'];
/** The platform organisation's status and kind decide whether its accounts (the SUPER_ADMIN's among them) work at all. */
const GUARDED_PARTY_FIELDS = ['status', 'kind', 'code'];

const rolesOf = (row: Row | null) => parseJsonArray(row?.roles);
const isTop = (user: SessionUser) => user.activeRole === TOP_ROLE;
const changed = (next: Row, existing: Row, field: string) =>
  field in next && JSON.stringify(next[field] ?? null) !== JSON.stringify(existing[field] ?? null);

/** Secret fields of the page being set in this write (a blank one on edit means "unchanged" and is not sent here). */
function secretsSet(access: PageAccess, next: Row | null): boolean {
  const props = access.page.model?.properties ?? {};
  return Object.entries(props).some(([name, f]) => f['x-hash'] && typeof next?.[name] === 'string' && next[name] !== '');
}

/**
 * Rules on accounts that hold for every page over sys_user and sys_party: a SUPER_ADMIN's
 * credentials, phone and status are changed by a SUPER_ADMIN only (so a platform admin cannot take
 * the account over), and a password set by anyone ends the account's other sessions.
 */
export async function guardAccountWrite(
  ctx: AppContext,
  access: PageAccess,
  op: 'create' | 'update' | 'delete',
  next: Row | null,
  existing: Row | null,
) {
  const table = access.page.resource!.table;
  if (table === 'sys_user' && existing && op !== 'create') {
    const passwordSet = op === 'update' && secretsSet(access, next);
    if (rolesOf(existing).includes(TOP_ROLE) && !isTop(access.user)) {
      if (op === 'delete' || passwordSet || GUARDED_USER_FIELDS.some((f) => changed(next!, existing, f))) {
        throw forbidden('server.data.superAdminOnly');
      }
    }
    if (passwordSet) {
      const self = Number(existing.id) === access.user.userId;
      await revokeUserSessions(ctx, Number(existing.id), self ? access.user.sessionId : undefined);
    }
  }
  if (table === 'sys_party' && existing && existing.kind === 'platform' && !isTop(access.user)) {
    if (op === 'update' && GUARDED_PARTY_FIELDS.some((f) => changed(next!, existing, f))) {
      throw forbidden('server.data.superAdminOnly');
    }
  }
}

/** Refuses a non-SUPER_ADMIN acting on accounts among which is a SUPER_ADMIN's, or on the platform organisation's. */
export function assertMayManageAccounts(user: SessionUser, accounts: { roles: unknown }[], partyKind?: unknown) {
  if (isTop(user)) return;
  if (partyKind === 'platform' || accounts.some((a) => rolesOf(a as Row).includes(TOP_ROLE))) throw forbidden('server.data.superAdminOnly');
}
