import type { AppContext, SessionUser } from '../context.js';
import { ADMIN_ROLES, nowIso } from '../context.js';
import { digest, newToken } from '../security/token.js';
import { parseJsonArray } from '../db/json.js';
import { readCache } from '../db/readCache.js';
import { tokenTtlHours } from './settings.js';

export interface NewSession {
  userId: number;
  username: string;
  partyCode: string;
  activeRole: string;
  ip?: string;
  userAgent?: string;
  loginType: string;
}

export async function createSession(ctx: AppContext, s: NewSession): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const now = new Date();
  // The organisation's session lifetime from the system settings page, else the platform's, else TOKEN_TTL_HOURS.
  const expiresAt = new Date(now.getTime() + (await tokenTtlHours(ctx, s.partyCode)) * 3600_000).toISOString();
  await ctx.database.core
    .insertInto('sys_session')
    .values({
      tokenHash: digest(token),
      userId: s.userId,
      username: s.username,
      partyCode: s.partyCode,
      activeRole: s.activeRole,
      expiresAt,
      ip: s.ip ?? null,
      userAgent: s.userAgent?.slice(0, 255) ?? null,
      loginType: s.loginType,
      lastSeenAt: now.toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** Tables a resolved session is read from: a write to any of them (sign-out, revocation, a user or
 * organisation disabled, roles changed) drops every cached session, so it applies to the next request. */
const SESSION_TABLES = ['sys_session', 'sys_user', 'sys_party'];

interface StoredSession {
  expiresAt: string;
  /** null when the session no longer grants anything (revoked, user or organisation disabled, role taken away). */
  user: SessionUser | null;
}

async function loadSession(ctx: AppContext, tokenHash: string): Promise<StoredSession | null> {
  const row = await ctx.database.core
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.userId')
    .innerJoin('sys_party as p', 'p.code', 'u.partyCode')
    .select([
      's.id as sessionId',
      's.expiresAt',
      's.revokedAt',
      's.activeRole',
      'u.id as userId',
      'u.username',
      'u.realName',
      'u.partyCode',
      'u.roles',
      'u.status',
      'p.kind as partyKind',
      'p.status as partyStatus',
    ])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  if (row.revokedAt || row.status !== 'active' || row.partyStatus !== 'active') return { expiresAt: row.expiresAt, user: null };
  const roles = parseJsonArray(row.roles);
  // A role taken away after sign-in ends the session's rights at once.
  if (!roles.includes(row.activeRole)) return { expiresAt: row.expiresAt, user: null };
  // Frozen: a cached session is shared by the requests that carry its token.
  const user: SessionUser = Object.freeze({
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    realName: row.realName,
    partyCode: row.partyCode,
    partyKind: row.partyKind === 'platform' ? 'platform' : 'customer',
    activeRole: row.activeRole,
    roles: Object.freeze(roles) as string[],
    isAdmin: ADMIN_ROLES.includes(row.activeRole),
  });
  return { expiresAt: row.expiresAt, user };
}

/** Resolves a bearer token to its user, or null when it is unknown, expired, revoked or the user is disabled. */
export async function resolveSession(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const tokenHash = digest(token);
  const cache = readCache<StoredSession | null>(ctx.database, 'sessions', {
    tables: SESSION_TABLES,
    maxEntries: 10_000,
    ttlMs: 10_000,
    seeOtherConnections: true,
  });
  // Unknown tokens are not kept: anyone can send any number of them.
  const stored = cache
    ? await cache.get(
        tokenHash,
        () => loadSession(ctx, tokenHash),
        (s) => s !== null,
      )
    : await loadSession(ctx, tokenHash);
  if (!stored || stored.expiresAt <= nowIso()) return null;
  return stored.user;
}

export async function revokeSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.database.core
    .updateTable('sys_session')
    .set({ revokedAt: nowIso(), updatedAt: nowIso() })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeUserSessions(ctx: AppContext, userId: number, exceptSessionId?: number): Promise<void> {
  let q = ctx.database.core
    .updateTable('sys_session')
    .set({ revokedAt: nowIso(), updatedAt: nowIso() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
