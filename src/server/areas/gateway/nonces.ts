import type { AppContext } from '../../context.js';
import { groupCommit } from '../../db/groupCommit.js';
import { insertNonce } from './statements.js';

let sinceCleanup = 0;

/**
 * Remembers the nonce until the signed timestamp can no longer be accepted; false when the app
 * already used it (a replay). The unique index makes this hold across server instances.
 */
export async function claimNonce(ctx: AppContext, appKey: string, nonce: string, expiresAt: Date): Promise<boolean> {
  const now = new Date().toISOString();
  if (++sinceCleanup >= 1000) {
    sinceCleanup = 0;
    await ctx.database.db.deleteFrom('gw_nonce').where('expiresAt', '<', now).execute();
  }
  return groupCommit(
    ctx.database,
    async (db) => {
      const row = await insertNonce.first(db, appKey, nonce, expiresAt.toISOString(), now);
      if (row) return true;
      // A nonce whose entry has expired (not yet cleaned up) may be used again.
      const res = await db
        .updateTable('gw_nonce')
        .set({ expiresAt: expiresAt.toISOString(), updatedAt: now })
        .where('appKey', '=', appKey)
        .where('nonce', '=', nonce)
        .where('expiresAt', '<', now)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    { single: true },
  );
}
