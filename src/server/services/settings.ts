import type { AppContext } from '../context.js';
import { PLATFORM_PARTY } from '../db/seed.js';
import { cachedRead } from './tableCache.js';

/**
 * Values of the parameters page (systemManage/config, table cfg_param) and of the system settings
 * (systemManage/systemConfig, cfg_system), read where they apply. Each reader has the built-in
 * default, used when the page, the row or a sensible value is missing, so a bad entry on the
 * parameters page never stops sign-in.
 */
async function params(ctx: AppContext): Promise<Map<string, string>> {
  if (!ctx.schemas.pages.has('systemManage/config')) return new Map();
  return cachedRead(ctx.database, 'settings', ['cfg_param'], 'all', async () => {
    const rows = await ctx.database.db.selectFrom('cfg_param').select(['configKey', 'configValue']).execute();
    return new Map(rows.map((r) => [String(r.configKey), String(r.configValue ?? '')]));
  });
}

export async function settingNumber(
  ctx: AppContext,
  key: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  const raw = (await params(ctx)).get(key);
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

export async function settingString(ctx: AppContext, key: string, fallback: string): Promise<string> {
  const raw = (await params(ctx)).get(key);
  return raw && raw.trim() ? raw.trim() : fallback;
}

export async function settingBoolean(ctx: AppContext, key: string, fallback: boolean): Promise<boolean> {
  const raw = (await params(ctx)).get(key)?.trim().toLowerCase();
  return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : fallback;
}

/** Verification codes: lifetime, the wait before another code to the same phone, and a daily cap per phone. */
export const smsCodeTtlSeconds = (ctx: AppContext) => settingNumber(ctx, 'sms.code.ttlSeconds', 300, 60, 3600);
export const smsResendSeconds = (ctx: AppContext) => settingNumber(ctx, 'sms.code.resendSeconds', 60, 0, 3600);
export const smsDailyPerPhone = (ctx: AppContext) => settingNumber(ctx, 'sms.code.dailyPerPhone', 20, 1, 1000);
export const smsSignName = (ctx: AppContext) => settingString(ctx, 'sms.signName', '供应链开放平台');

/**
 * Session lifetime in hours: the organisation's system settings, else the platform's, else
 * TOKEN_TTL_HOURS.
 */
export async function tokenTtlHours(ctx: AppContext, partyCode: string): Promise<number> {
  if (!ctx.schemas.pages.has('systemManage/systemConfig')) return ctx.config.tokenTtlHours;
  const byParty = await cachedRead(ctx.database, 'sessionTtl', ['cfg_system'], 'all', async () => {
    const rows = await ctx.database.db.selectFrom('cfg_system').select(['partyCode', 'sessionTtlHours']).execute();
    return new Map(rows.map((r) => [String(r.partyCode), Number(r.sessionTtlHours)]));
  });
  const valid = (h: number | undefined) => (h !== undefined && Number.isInteger(h) && h >= 1 && h <= 72 ? h : undefined);
  return valid(byParty.get(partyCode)) ?? valid(byParty.get(PLATFORM_PARTY.code)) ?? ctx.config.tokenTtlHours;
}
