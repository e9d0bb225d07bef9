import type { AppContext } from '../context.js';
import { cachedRead } from './tableCache.js';

/**
 * Active, unexpired entries of systemManage/phoneWhitelist by purpose. "smsLogin" and
 * "testAccount" phones skip the verification-code wait and daily cap (field staff with poor
 * signal, test accounts); "riskExempt" phones are not subject to risk rules.
 */
export async function whitelistedPurposes(ctx: AppContext, phone: string, at = new Date()): Promise<string[]> {
  if (!ctx.schemas.pages.has('systemManage/phoneWhitelist')) return [];
  const all = await cachedRead(ctx.database, 'phoneWhitelist', ['sec_phone_whitelist'], 'all', async () => {
    const rows = await ctx.database.db
      .selectFrom('sec_phone_whitelist')
      .select(['phone', 'purpose', 'expiresAt'])
      .where('status', '=', 'active')
      .execute();
    return rows.map((r) => ({ phone: String(r.phone), purpose: String(r.purpose), expiresAt: r.expiresAt ? String(r.expiresAt) : null }));
  });
  const now = at.toISOString();
  return all.filter((e) => e.phone === phone && (!e.expiresAt || e.expiresAt > now)).map((e) => e.purpose);
}

export async function smsLimitsWaived(ctx: AppContext, phone: string): Promise<boolean> {
  const purposes = await whitelistedPurposes(ctx, phone);
  return purposes.includes('smsLogin') || purposes.includes('testAccount');
}
