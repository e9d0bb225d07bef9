import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { PLATFORM_PARTY } from '../db/seed.js';
import { cachedRead } from '../services/tableCache.js';
import { knownTable } from '../db/knownTable.js';

const BLACKLIST_PAGE = 'customerManage/smsBlacklist';
const INTERCEPTION_PAGE = 'customerManage/smsInterception';

export const BLACKLISTED = 'server.sms.blacklisted';

/** The refusal the platform's sender throws for a blacklisted number. */
export const isBlacklistRefusal = (err: unknown): boolean => err instanceof AppError && err.key === BLACKLISTED;

/** For senders that must go on (alerts): swallows a blacklist refusal, rethrows anything else. */
export function unlessBlacklisted(err: unknown): void {
  if (!isBlacklistRefusal(err)) throw err;
}

export interface BlacklistEntry {
  partyCode: string;
  reason: string;
  expiresAt: string | null;
}

export interface Interception {
  partyCode: string | null;
  phone: string;
  reason: 'blacklist' | 'frequency' | 'content';
  source: 'gateway' | 'platform';
  template?: string | null;
  content?: string | null;
  detail?: string | null;
  appKey?: string | null;
  requestId?: string | null;
  at: Date;
}

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v ? String(v) : null);

/**
 * The entry that stops a message to this phone on behalf of this organisation, if any: the
 * organisation's own active, unexpired entries, and the platform operations centre's, which hold
 * for everyone. Without an organisation (a sign-in code) only the platform's entries apply.
 */
export async function blacklistEntry(
  ctx: AppContext,
  partyCode: string | null,
  phone: string,
  at = new Date(),
): Promise<BlacklistEntry | null> {
  const table = knownTable(ctx.schemas.pages, BLACKLIST_PAGE, 'cm_sms_blacklist');
  if (!table) return null;
  const whole = await cachedRead(ctx.database, 'smsBlacklistWhole', [table], '', () => wholeList(ctx, table));
  const entries =
    whole?.get(phone) ??
    (whole
      ? []
      : await cachedRead(ctx.database, 'smsBlacklist', [table], phone, async () => {
          const rows = await ctx.database.db
            .selectFrom(table)
            .select(['partyCode', 'reason', 'expiresAt'])
            .where('phone', '=', phone)
            .where('status', '=', 'active')
            .execute();
          return rows.map(entryOf);
        }));
  const now = at.toISOString();
  const live = entries.filter((e) => !e.expiresAt || e.expiresAt > now);
  // The organisation's own entry first: its reason is the one the customer recognises.
  return live.find((e) => partyCode && e.partyCode === partyCode) ?? live.find((e) => e.partyCode === PLATFORM_PARTY.code) ?? null;
}

const entryOf = (r: { partyCode: unknown; reason: unknown; expiresAt: unknown }): BlacklistEntry => ({
  partyCode: String(r.partyCode),
  reason: String(r.reason),
  expiresAt: iso(r.expiresAt),
});

/**
 * Messages mostly go to numbers not seen before, which a cache by phone never holds: a list of up
 * to WHOLE_LIST_ROWS active entries is kept whole, by phone (about 1.5 MB at most), so such a
 * number costs no query. A longer list is looked up by phone (null here).
 */
export const WHOLE_LIST_ROWS = 10_000;

async function wholeList(ctx: AppContext, table: 'cm_sms_blacklist'): Promise<Map<string, BlacklistEntry[]> | null> {
  const rows = await ctx.database.db
    .selectFrom(table)
    .select(['phone', 'partyCode', 'reason', 'expiresAt'])
    .where('status', '=', 'active')
    .limit(WHOLE_LIST_ROWS + 1)
    .execute();
  if (rows.length > WHOLE_LIST_ROWS) return null;
  const byPhone = new Map<string, BlacklistEntry[]>();
  for (const r of rows) {
    if (typeof r.phone !== 'string') continue;
    const phone = r.phone;
    const list = byPhone.get(phone);
    if (list) list.push(entryOf(r));
    else byPhone.set(phone, [entryOf(r)]);
  }
  return byPhone;
}

/** A one-line reason for the interception log, in the console's first language (the log is read by operators). */
export function blacklistDetail(entry: BlacklistEntry): string {
  const reasons: Record<string, string> = {
    complaint: '投诉',
    unsubscribe: '退订',
    invalidNumber: '空号/停机',
    fraud: '涉诈号码',
    other: '其他',
  };
  const whose = entry.partyCode === PLATFORM_PARTY.code ? '平台黑名单' : '客户黑名单';
  return `${whose}：${reasons[entry.reason] ?? entry.reason}`;
}

/** Verification codes never reach the log: runs of digits in the text are blanked. */
export function redact(content: string | null | undefined): string | null {
  return content ? content.replace(/\d{4,8}/g, (m) => '*'.repeat(m.length)).slice(0, 500) : null;
}

/** Writes one row of the SMS interception log (party-less messages are logged under the platform). */
export async function recordInterception(ctx: AppContext, i: Interception): Promise<void> {
  const table = knownTable(ctx.schemas.pages, INTERCEPTION_PAGE, 'cm_sms_interception');
  if (!table) return;
  const at = i.at.toISOString();
  await ctx.database.db
    .insertInto(table)
    .values({
      partyCode: i.partyCode ?? PLATFORM_PARTY.code,
      interceptedAt: at,
      phone: i.phone.slice(0, 11),
      reason: i.reason,
      source: i.source,
      template: i.template?.slice(0, 40) ?? null,
      content: redact(i.content),
      detail: i.detail?.slice(0, 200) ?? null,
      appKey: i.appKey ?? null,
      requestId: i.requestId?.slice(0, 64) ?? null,
      version: 1,
      createdAt: at,
      updatedAt: at,
      createdBy: 'sms',
      updatedBy: 'sms',
    })
    .execute();
}
