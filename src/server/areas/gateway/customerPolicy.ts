import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { groupCommit } from '../../db/groupCommit.js';
import { countWithinLimit } from './statements.js';
import { customerConfig } from './customerConfig.js';
import { refererPolicy, refererRefusal } from '../../connectors/customerRules.js';
import { GatewayError } from './codes.js';
import type { GatewayCall } from './call.js';

const hashed = (v: string) => createHash('sha256').update(v).digest('hex').slice(0, 24);

/**
 * Counts one more event in gw_usage under a key of its own and answers false, counting nothing,
 * when the count already reached the limit: one conditional upsert, so concurrent calls (or
 * instances) cannot pass the limit together.
 */
async function countWithin(ctx: AppContext, partyCode: string, key: string, period: string, limit: number, at: Date): Promise<boolean> {
  const iso = at.toISOString();
  const row = await groupCommit(ctx.database, (db) => countWithinLimit.first(db, partyCode, key, period, iso, limit), { single: true });
  return Boolean(row);
}

/**
 * The customer's own rules checked before anything is reserved: the referer whitelist for
 * uploads (customerConfig/uploadReferer, the page's address given as `referer`) and the SMS
 * limits per phone and day and per caller address and hour (customerConfig/sms).
 */
export async function customerPolicyRefusal(ctx: AppContext, call: GatewayCall): Promise<GatewayError | null> {
  if (call.service === 'upload') {
    const policy = refererPolicy(await customerConfig(ctx, call.partyCode, 'uploadReferer'));
    const referer = typeof call.params.referer === 'string' ? call.params.referer.slice(0, 500) : '';
    if (policy && refererRefusal(policy, referer))
      return new GatewayError('refererRefused', { referer: referer || '-', allowed: policy.domains.join(', ') || '-' });
  }
  if (call.service === 'sms' && call.operation === 'send') {
    const cfg = await customerConfig(ctx, call.partyCode, 'sms');
    if (!cfg) return null;
    const perPhone = Number(cfg.perPhoneDaily);
    const perIp = Number(cfg.perIpHourly);
    const iso = call.at.toISOString();
    const phone = typeof call.params.phone === 'string' ? call.params.phone.trim() : '';
    if (
      phone &&
      Number.isInteger(perPhone) &&
      perPhone > 0 &&
      !(await countWithin(ctx, call.partyCode, `sms.phone:${hashed(phone)}`, iso.slice(0, 10), perPhone, call.at))
    ) {
      return new GatewayError('smsLimitExceeded', { limit: `${perPhone}/phone/day` });
    }
    if (
      Number.isInteger(perIp) &&
      perIp > 0 &&
      !(await countWithin(ctx, call.partyCode, `sms.ip:${hashed(call.ip)}`, iso.slice(0, 13), perIp, call.at))
    ) {
      return new GatewayError('smsLimitExceeded', { limit: `${perIp}/IP/hour` });
    }
  }
  return null;
}
