import type { AppContext } from '../context.js';
import { boolParam } from '../db/connect.js';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

/**
 * Five failures within fifteen minutes lock for fifteen minutes after the fifth. The login history
 * table is the record, so every server instance sharing the database applies the same lock.
 */
export function lockedUntil(failureTimes: number[], since: number): number {
  const t = failureTimes.filter((x) => x > since).sort((a, b) => a - b);
  let until = 0;
  for (let i = MAX_FAILURES - 1; i < t.length; i++) {
    if (t[i] - t[i - MAX_FAILURES + 1] <= WINDOW_MS) until = Math.max(until, t[i] + LOCK_MS);
  }
  return until;
}

async function failuresSince(ctx: AppContext, column: 'username' | 'ip', value: string, sinceIso: string): Promise<number[]> {
  const rows = await ctx.database.core
    .selectFrom('sys_login_history')
    .select(['createdAt'])
    .where(column, '=', value)
    .where('success', '=', boolParam(ctx.database, false))
    .where('reason', '!=', 'locked')
    .where('createdAt', '>', sinceIso)
    .orderBy('createdAt', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => Date.parse(r.createdAt));
}

/** Milliseconds left on a lock of the account or of the address, 0 when neither is locked. */
export async function lockRemaining(ctx: AppContext, username: string, ip: string, now = Date.now()): Promise<number> {
  const sinceIso = new Date(now - WINDOW_MS - LOCK_MS).toISOString();
  const lastSuccess = await ctx.database.core
    .selectFrom('sys_login_history').select(['createdAt'])
    .where('username', '=', username).where('success', '=', boolParam(ctx.database, true))
    .where('createdAt', '>', sinceIso).orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
  const accountSince = lastSuccess ? Date.parse(lastSuccess.createdAt) : 0;
  const byAccount = lockedUntil(await failuresSince(ctx, 'username', username, sinceIso), accountSince);
  const byIp = lockedUntil(await failuresSince(ctx, 'ip', ip, sinceIso), 0);
  return Math.max(0, Math.max(byAccount, byIp) - now);
}

export async function recordLogin(
  ctx: AppContext,
  entry: { username: string; userId?: number; partyCode?: string; ip: string; userAgent?: string; loginType: string; success: boolean; reason?: string },
): Promise<void> {
  const now = new Date().toISOString();
  await ctx.database.core.insertInto('sys_login_history').values({
    username: entry.username.slice(0, 64), userId: entry.userId ?? null, partyCode: entry.partyCode ?? null, ip: entry.ip,
    userAgent: entry.userAgent?.slice(0, 255) ?? null, loginType: entry.loginType,
    success: boolParam(ctx.database, entry.success), reason: entry.reason ?? null,
    createdAt: now, updatedAt: now,
  }).execute();
}
