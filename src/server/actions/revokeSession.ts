import { conflict } from '../errors.js';
import { revokeSession as endSession } from '../services/sessions.js';
import { assertMayManageAccounts } from '../data/accountGuard.js';
import type { ActionHandler } from './types.js';

/** Ends a sign-in session at once (force logout). */
export const revokeSession: ActionHandler = async (ctx, access, record) => {
  if (Number(record!.id) === access.user.sessionId) throw conflict('server.actions.ownSession');
  if (record!.revokedAt) throw conflict('server.actions.alreadyRevoked');
  const owner = await ctx.database.core
    .selectFrom('sys_user')
    .select(['roles'])
    .where('username', '=', String(record!.username))
    .executeTakeFirst();
  assertMayManageAccounts(access.user, owner ? [owner] : []);
  await endSession(ctx, Number(record!.id));
  return { revoked: true };
};
