import type { AppContext } from '../context.js';
import { cachedRead } from './tableCache.js';
import { ipInList, parseIpRule, type IpRule } from '../security/ipMatch.js';

interface Entry extends IpRule {
  expiresAt: string | null;
}

/** Active entries of systemManage/ipBlacklist, when that page exists. */
async function entries(ctx: AppContext): Promise<Entry[]> {
  if (!ctx.schemas.pages.has('systemManage/ipBlacklist')) return [];
  return cachedRead(ctx.database, 'ipBlacklist', ['sec_ip_blacklist'], 'all', async () => {
    const rows = await ctx.database.db.selectFrom('sec_ip_blacklist').select(['ip', 'expiresAt']).where('status', '=', 'active').execute();
    return rows.flatMap((r) => {
      const rule = parseIpRule(String(r.ip));
      return rule ? [{ ...rule, expiresAt: r.expiresAt ? String(r.expiresAt) : null }] : [];
    });
  });
}

/** Whether the address is blacklisted now (an entry past its expiry no longer applies). CIDR entries match their range. */
export async function isBlacklisted(ctx: AppContext, ip: string): Promise<boolean> {
  const list = await entries(ctx);
  if (!list.length) return false;
  const now = new Date().toISOString();
  return ipInList(ip, list, (e) => !e.expiresAt || e.expiresAt > now);
}
