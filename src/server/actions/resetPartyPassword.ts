import { conflict } from '../errors.js';
import { hashPassword } from '../security/password.js';
import { revokeUserSessions } from '../services/sessions.js';
import { assertMayManageAccounts } from '../data/accountGuard.js';
import type { ActionHandler } from './types.js';

/** Sets a new password for every administrator of the organisation and signs them out. */
export const resetPartyPassword: ActionHandler = async (ctx, access, record, body) => {
  const partyCode = String(record!.code);
  const admins = await ctx.database.core.selectFrom('sys_user').select(['id', 'roles']).where('partyCode', '=', partyCode).execute();
  const targets = admins.filter((u) => /ADMIN/.test(String(u.roles)));
  assertMayManageAccounts(access.user, targets, record!.kind);
  if (!targets.length) throw conflict('server.actions.noAdmin');
  const passwordHash = await hashPassword(String(body.newPassword), ctx.config.scryptLogN);
  const now = new Date().toISOString();
  for (const u of targets) {
    await ctx.database.core
      .updateTable('sys_user')
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now, updatedBy: access.user.username })
      .where('id', '=', u.id)
      .execute();
    // Whoever resets their own organisation keeps the session they are using.
    await revokeUserSessions(ctx, u.id, u.id === access.user.userId ? access.user.sessionId : undefined);
  }
  return { accounts: targets.length };
};
