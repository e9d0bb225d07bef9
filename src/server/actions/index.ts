import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { hashPassword } from '../security/password.js';
import { revokeSession, revokeUserSessions } from '../services/sessions.js';
import type { PageAccess } from '../data/access.js';
import type { Row } from '../data/rows.js';
import { assertMayManageAccounts } from '../data/accountGuard.js';

/** Server operations behind a page's custom actions (schema `actions[].handler`). */
export type ActionHandler = (ctx: AppContext, access: PageAccess, record: Row, body: Row) => Promise<unknown>;

const handlers: Record<string, ActionHandler> = {
  /** Sets a new password for every administrator of the organisation and signs them out. */
  async resetPartyPassword(ctx, access, record, body) {
    const partyCode = String(record.code);
    const admins = await ctx.database.core.selectFrom('sys_user').select(['id', 'roles']).where('partyCode', '=', partyCode).execute();
    const targets = admins.filter((u) => /ADMIN/.test(String(u.roles)));
    assertMayManageAccounts(access.user, targets, record.kind);
    if (!targets.length) throw new AppError(409, 'server.actions.noAdmin');
    const passwordHash = await hashPassword(String(body.newPassword), ctx.config.scryptLogN);
    const now = new Date().toISOString();
    for (const u of targets) {
      await ctx.database.core.updateTable('sys_user').set({ passwordHash, passwordChangedAt: now, updatedAt: now, updatedBy: access.user.username })
        .where('id', '=', u.id).execute();
      // Whoever resets their own organisation keeps the session they are using.
      await revokeUserSessions(ctx, u.id, u.id === access.user.userId ? access.user.sessionId : undefined);
    }
    return { accounts: targets.length };
  },
  /** Ends a sign-in session at once (force logout). */
  async revokeSession(ctx, access, record) {
    if (Number(record.id) === access.user.sessionId) throw new AppError(409, 'server.actions.ownSession');
    if (record.revokedAt) throw new AppError(409, 'server.actions.alreadyRevoked');
    const owner = await ctx.database.core.selectFrom('sys_user').select(['roles']).where('username', '=', String(record.username)).executeTakeFirst();
    assertMayManageAccounts(access.user, owner ? [owner] : []);
    await revokeSession(ctx, Number(record.id));
    return { revoked: true };
  },
};

export function actionHandler(name: string): ActionHandler | undefined {
  return handlers[name];
}
