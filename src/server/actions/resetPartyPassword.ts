import { AppError } from '../errors.js';
import { hashPassword } from '../security/password.js';
import { revokeUserSessions } from '../services/sessions.js';
import type { ActionHandler } from './types.js';

/** Sets a new password for every administrator of the organisation and signs them out. */
export const resetPartyPassword: ActionHandler = async (ctx, access, record, body) => {
  const partyCode = String(record!.code);
  const admins = await ctx.database.db.selectFrom('sys_user').select(['id', 'roles']).where('partyCode', '=', partyCode).execute();
  const targets = admins.filter((u) => /ADMIN/.test(String(u.roles)));
  if (!targets.length) throw new AppError(409, 'server.actions.noAdmin');
  const passwordHash = await hashPassword(String(body.newPassword), ctx.config.scryptLogN);
  const now = new Date().toISOString();
  for (const u of targets) {
    await ctx.database.db.updateTable('sys_user').set({ passwordHash, passwordChangedAt: now, updatedAt: now, updatedBy: access.user.username })
      .where('id', '=', u.id).execute();
    await revokeUserSessions(ctx, u.id);
  }
  return { accounts: targets.length };
};
