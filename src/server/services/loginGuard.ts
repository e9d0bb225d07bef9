import type { AppContext } from '../context.js';
import { tooMany } from '../errors.js';
import { boolParam } from '../db/connect.js';
import { readCache } from '../db/readCache.js';

/** Failures of one account from one address: the lock that a guesser meets. */
export const MAX_FAILURES = 5;
/** Failures of one account from any addresses: only several addresses together lock the account everywhere. */
export const MAX_ACCOUNT_FAILURES = 20;
/** Failures from one address over any accounts: spraying from one address, well above an office's typing. */
export const MAX_ADDRESS_FAILURES = 30;
export const WINDOW_MS = 15 * 60_000;
export const DEFAULT_LOCK_MINUTES = 15;
/** The parameters page's key for the lock length (systemManage/config, table cfg_param). */
export const LOCK_MINUTES_KEY = 'security.login.lockMinutes';
const CONFIG_PAGE = 'systemManage/config';
/** An attempt reserved but not yet decided; counted as a failure until it is. */
export const PENDING = 'pending';

/**
 * `max` failures within fifteen minutes lock for the lock length after the last of them. The login
 * history table is the record, so every server instance sharing the database applies the same lock.
 */
export function lockedUntil(failureTimes: number[], since: number, lockMs = DEFAULT_LOCK_MINUTES * 60_000, max = MAX_FAILURES): number {
  const t = failureTimes.filter((x) => x > since).sort((a, b) => a - b);
  let until = 0;
  for (let i = max - 1; i < t.length; i++) {
    if (t[i] - t[i - max + 1] <= WINDOW_MS) until = Math.max(until, t[i] + lockMs);
  }
  return until;
}

const settingsTtlMs = 30_000;
const pgSettings = new WeakMap<AppContext, { minutes: number; until: number }>();

async function readLockMinutes(ctx: AppContext): Promise<number> {
  if (!ctx.schemas.pages.has(CONFIG_PAGE)) return DEFAULT_LOCK_MINUTES;
  const row = await ctx.database.db
    .selectFrom('cfg_param')
    .select(['configValue'])
    .where('configKey', '=', LOCK_MINUTES_KEY)
    .executeTakeFirst()
    .catch(() => undefined);
  const minutes = Number(row?.configValue);
  // A value an administrator mistyped must not switch the lock off or lock accounts for months.
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= 24 * 60 ? minutes : DEFAULT_LOCK_MINUTES;
}

/** The lock length from the parameters page when it has one, else 15 minutes; read at most every 30 s. */
export async function lockMinutes(ctx: AppContext): Promise<number> {
  const cache = readCache<number>(ctx.database, 'loginLockMinutes', {
    tables: ['cfg_param'],
    maxEntries: 1,
    ttlMs: settingsTtlMs,
    seeOtherConnections: true,
  });
  if (cache) return cache.get('minutes', () => readLockMinutes(ctx));
  const hit = pgSettings.get(ctx);
  if (hit && hit.until > Date.now()) return hit.minutes;
  const minutes = await readLockMinutes(ctx);
  pgSettings.set(ctx, { minutes, until: Date.now() + settingsTtlMs });
  return minutes;
}

async function failuresSince(
  ctx: AppContext,
  where: { username?: string; ip?: string },
  sinceIso: string,
  exceptId: number,
  limit: number,
): Promise<number[]> {
  let q = ctx.database.core.selectFrom('sys_login_history').select(['createdAt']);
  if (where.username !== undefined) q = q.where('username', '=', where.username);
  if (where.ip !== undefined) q = q.where('ip', '=', where.ip);
  const rows = await q
    .where('success', '=', boolParam(ctx.database, false))
    .where('reason', '!=', 'locked')
    .where('createdAt', '>', sinceIso)
    .where('id', '!=', exceptId)
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Date.parse(r.createdAt));
}

/**
 * Milliseconds left on a lock, 0 when there is none. Locks are keyed by account and address: five
 * failures of an account from one address lock that account from that address only, so a guesser
 * cannot lock the account's owner out from elsewhere, nor an office's other accounts behind the same
 * address. The account is locked everywhere only after failures from several addresses
 * (MAX_ACCOUNT_FAILURES), the address for every account only after many (MAX_ADDRESS_FAILURES).
 * Attempts still being checked count as failures, and `exceptId` (the caller's own reserved attempt)
 * not at all.
 */
export async function lockRemaining(ctx: AppContext, username: string, ip: string, now = Date.now(), exceptId = 0): Promise<number> {
  const lockMs = (await lockMinutes(ctx)) * 60_000;
  const sinceIso = new Date(now - WINDOW_MS - lockMs).toISOString();
  const lastSuccess = await ctx.database.core
    .selectFrom('sys_login_history')
    .select(['createdAt'])
    .where('username', '=', username)
    .where('success', '=', boolParam(ctx.database, true))
    .where('createdAt', '>', sinceIso)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const accountSince = lastSuccess ? Date.parse(lastSuccess.createdAt) : 0;
  const byPair = lockedUntil(await failuresSince(ctx, { username, ip }, sinceIso, exceptId, 50), accountSince, lockMs, MAX_FAILURES);
  const byAccount = lockedUntil(
    await failuresSince(ctx, { username }, sinceIso, exceptId, 100),
    accountSince,
    lockMs,
    MAX_ACCOUNT_FAILURES,
  );
  const byIp = lockedUntil(await failuresSince(ctx, { ip }, sinceIso, exceptId, 100), 0, lockMs, MAX_ADDRESS_FAILURES);
  return Math.max(0, Math.max(byPair, byAccount, byIp) - now);
}

export interface Attempt {
  username: string;
  ip: string;
  userAgent?: string;
  loginType: string;
}

export interface Outcome {
  success: boolean;
  reason?: string;
  username?: string;
  userId?: number;
  partyCode?: string;
}

/**
 * Reserves an attempt before any password is checked, then looks for a lock. The row is written
 * first and counted as a failure by everyone else while it is undecided, so of any number of
 * simultaneous guesses (on any number of server instances) the one committed last sees all the
 * others: no more than five per account and address, twenty per account and thirty per address get
 * through to the password check.
 * Returns the attempt's id, to be settled with `settleAttempt`; a locked attempt is refused with 429.
 */
export async function reserveAttempt(ctx: AppContext, a: Attempt): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await ctx.database.core
    .insertInto('sys_login_history')
    .values({
      username: a.username.slice(0, 64),
      userId: null,
      partyCode: null,
      ip: a.ip,
      userAgent: a.userAgent?.slice(0, 255) ?? null,
      loginType: a.loginType,
      success: boolParam(ctx.database, false),
      reason: PENDING,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const remaining = await lockRemaining(ctx, a.username.slice(0, 64), a.ip, Date.now(), Number(id));
  if (remaining > 0) {
    await settleAttempt(ctx, Number(id), { success: false, reason: 'locked' });
    throw tooMany('server.auth.locked', { minutes: Math.ceil(remaining / 60_000) });
  }
  return Number(id);
}

export async function settleAttempt(ctx: AppContext, id: number, o: Outcome): Promise<void> {
  await ctx.database.core
    .updateTable('sys_login_history')
    .set({
      success: boolParam(ctx.database, o.success),
      reason: o.reason ?? null,
      updatedAt: new Date().toISOString(),
      ...(o.username ? { username: o.username.slice(0, 64) } : {}),
      ...(o.userId !== undefined ? { userId: o.userId } : {}),
      ...(o.partyCode !== undefined ? { partyCode: o.partyCode } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A reserved attempt that was not a sign-in (a right current password when changing it) leaves no trace. */
export async function dropAttempt(ctx: AppContext, id: number): Promise<void> {
  await ctx.database.core.deleteFrom('sys_login_history').where('id', '=', id).execute();
}

/**
 * Attempts being checked per address on this instance. Hashing is deliberately slow and the hash
 * pool is first come, first served, so an address gets at most two places in it: the rest of its
 * burst waits here (or, beyond a short queue, is refused at once) instead of ahead of everyone
 * else's sign-in. The database lock above is what bounds guesses across instances.
 */
export const MAX_IN_FLIGHT_PER_IP = 2;
export const MAX_WAITING_PER_IP = 8;
const slots = new Map<string, { running: number; waiting: (() => void)[] }>();

export async function withAddressSlot<T>(ip: string, run: () => Promise<T>): Promise<T> {
  let slot = slots.get(ip);
  if (!slot) slots.set(ip, (slot = { running: 0, waiting: [] }));
  if (slot.running >= MAX_IN_FLIGHT_PER_IP) {
    if (slot.waiting.length >= MAX_WAITING_PER_IP) throw tooMany('server.tooManyRequests');
    await new Promise<void>((resolve) => slot!.waiting.push(resolve));
  } else {
    slot.running++;
  }
  try {
    return await run();
  } finally {
    // A finished attempt hands its place straight to the next one of the same address.
    const next = slot.waiting.shift();
    if (next) next();
    else if (--slot.running === 0) slots.delete(ip);
  }
}
