import type { AppContext } from '../../context.js';
import { unlessBlacklisted } from '../../sms/blacklist.js';
import { cachedRead } from '../../services/tableCache.js';
import { smsProfile } from '../../connectors/sms/index.js';
import { customerConfig } from './customerConfig.js';
import { knownTable } from '../../db/knownTable.js';

interface AlertRule {
  thresholdFen: number;
  phones: string[];
  silenceMinutes: number;
}

const MOBILE = /^1[3-9]\d{9}$/;
const DEFAULT_SILENCE_MIN = 60;

function list(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== 'string' || !v) return [];
  try {
    const parsed = JSON.parse(v);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    /* a plain comma-separated list */
  }
  return v.split(/[\s,;]+/);
}

/** The account's own alert fields (returned by the debit, so the gateway reads nothing more). */
export interface AccountAlert {
  alertThresholdFen: unknown;
  alertPhone: unknown;
}

/**
 * The customer's low-balance alert: customerConfig/alert when that page exists and its record is
 * enabled (threshold in fen, receivers, silence minutes), else the service account's own
 * threshold and phone. Only the configuration is cached: the account's row changes with every
 * debit, which would empty a cache keyed on it at every call.
 */
async function alertRule(ctx: AppContext, partyCode: string, account: AccountAlert | undefined): Promise<AlertRule | null> {
  const table = knownTable(ctx.schemas.pages, 'customerConfig/alert', 'cust_cfg_alert');
  const cfg = table
    ? await cachedRead(
        ctx.database,
        'lowBalanceAlert',
        [table],
        partyCode,
        async () => (await ctx.database.db.selectFrom(table).selectAll().where('partyCode', '=', partyCode).executeTakeFirst()) ?? null,
      )
    : null;
  const own =
    account ??
    (await ctx.database.db
      .selectFrom('cm_service_account')
      .select(['alertThresholdFen', 'alertPhone'])
      .where('partyCode', '=', partyCode)
      .executeTakeFirst());
  // The alert page's fields are threshold (fen) and receiverMobiles; the setting's receivers were
  // once read from a `receivers` field the page never had, so only the account's own phone was texted.
  const fromCfg = cfg && cfg.status !== 'disabled' && Number(cfg.threshold) > 0;
  const thresholdFen = fromCfg ? Number(cfg.threshold) : Number(own?.alertThresholdFen ?? 0);
  const phones = (fromCfg ? list(cfg.receiverMobiles) : [])
    .concat(own?.alertPhone ? [String(own.alertPhone)] : [])
    .filter((p) => MOBILE.test(p));
  const silence = Number(cfg?.silenceMin ?? cfg?.windowMin);
  if (!thresholdFen || !phones.length) return null;
  return {
    thresholdFen,
    phones: [...new Set(phones)],
    silenceMinutes: Number.isInteger(silence) && silence > 0 ? silence : DEFAULT_SILENCE_MIN,
  };
}

/**
 * Sends the low-balance SMS when the balance fell below the threshold, at most once per silence
 * window: the conditional update of lastAlertAt lets exactly one of several concurrent calls (or
 * instances) send it.
 */
export async function checkLowBalance(
  ctx: AppContext,
  partyCode: string,
  balanceFen: number,
  at: Date,
  account?: AccountAlert,
): Promise<boolean> {
  const rule = await alertRule(ctx, partyCode, account);
  if (!rule || balanceFen >= rule.thresholdFen) return false;
  const iso = at.toISOString();
  const quietSince = new Date(at.getTime() - rule.silenceMinutes * 60_000).toISOString();
  const res = await ctx.database.db
    .updateTable('cm_service_account')
    .set({ lastAlertAt: iso })
    .where('partyCode', '=', partyCode)
    .where((eb) => eb.or([eb('lastAlertAt', 'is', null), eb('lastAlertAt', '<', quietSince)]))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  const yuan = (balanceFen / 100).toFixed(2);
  // The customer's own sign and notice template when its SMS configuration has them.
  const { signName, template } = smsProfile(await customerConfig(ctx, partyCode, 'sms'), null);
  for (const phone of rule.phones) {
    const text = `【${signName}】您的接口服务账户余额 ${yuan} 元，已低于提醒阈值 ${(rule.thresholdFen / 100).toFixed(2)} 元，请及时充值。Your API service balance is ${yuan} yuan, below your alert threshold.`;
    // A blacklisted receiver is logged by the sender; the others still get the alert and the call goes on.
    await ctx.sms.send(phone, text, { partyCode, template: template ?? 'low_balance', signName }).catch(unlessBlacklisted);
  }
  return true;
}
