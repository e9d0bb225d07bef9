import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { customerConfig } from './customerConfig.js';
import { refererPolicy, refererRefusal } from '../../connectors/customerRules.js';
import { GatewayError } from './codes.js';
import type { GatewayCall } from './callTypes.js';
import type { Limit } from './metering.js';

const hashed = (v: string) => createHash('sha256').update(v).digest('hex').slice(0, 24);

/**
 * The customer's own rule checked before anything is counted: the referer whitelist for uploads
 * (customerConfig/uploadReferer, the page's address given as `referer`).
 */
export async function customerPolicyRefusal(ctx: AppContext, call: GatewayCall): Promise<GatewayError | null> {
  if (call.service !== 'upload') return null;
  const policy = refererPolicy(await customerConfig(ctx, call.partyCode, 'uploadReferer'));
  const referer = typeof call.params.referer === 'string' ? call.params.referer.slice(0, 500) : '';
  if (policy && refererRefusal(policy, referer))
    return new GatewayError('refererRefused', { referer: referer || '-', allowed: policy.domains.join(', ') || '-' });
  return null;
}

/**
 * The customer's own limits on its SMS (customerConfig/sms): per phone and day, and per caller
 * address and hour, counted with the call's reservation (metering.ts), in that order.
 */
export async function customerLimits(ctx: AppContext, call: GatewayCall): Promise<Limit[]> {
  if (call.service !== 'sms' || call.operation !== 'send') return [];
  const cfg = await customerConfig(ctx, call.partyCode, 'sms');
  if (!cfg) return [];
  const perPhone = Number(cfg.perPhoneDaily);
  const perIp = Number(cfg.perIpHourly);
  const iso = call.at.toISOString();
  const phone = typeof call.params.phone === 'string' ? call.params.phone.trim() : '';
  const limits: Limit[] = [];
  if (phone && Number.isInteger(perPhone) && perPhone > 0)
    limits.push({
      key: `sms.phone:${hashed(phone)}`,
      period: iso.slice(0, 10),
      limit: perPhone,
      refusal: () => new GatewayError('smsLimitExceeded', { limit: `${perPhone}/phone/day` }),
    });
  if (Number.isInteger(perIp) && perIp > 0)
    limits.push({
      key: `sms.ip:${hashed(call.ip)}`,
      period: iso.slice(0, 13),
      limit: perIp,
      refusal: () => new GatewayError('smsLimitExceeded', { limit: `${perIp}/IP/hour` }),
    });
  return limits;
}
