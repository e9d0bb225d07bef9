import type { AppContext } from '../../context.js';
import { blacklistDetail, blacklistEntry, recordInterception } from '../../sms/blacklist.js';
import { GatewayError } from './codes.js';
import type { GatewayCall } from './callTypes.js';

const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '****');

/**
 * A customer's SMS through the gateway: a recipient on the customer's or the platform's SMS
 * blacklist is refused before anything is reserved or charged, and the refusal is written to the
 * SMS interception log. Other services, and calls without a phone, pass.
 */
export async function smsRecipientRefusal(ctx: AppContext, call: GatewayCall & { requestId: string }): Promise<GatewayError | null> {
  if (call.service !== 'sms' || typeof call.params.phone !== 'string') return null;
  const phone = call.params.phone.trim();
  const entry = await blacklistEntry(ctx, call.partyCode, phone, call.at);
  if (!entry) return null;
  const text = (k: string) => (typeof call.params[k] === 'string' ? String(call.params[k]) : null);
  await recordInterception(ctx, {
    partyCode: call.partyCode,
    phone,
    reason: 'blacklist',
    source: 'gateway',
    template: text('template'),
    content: text('content'),
    detail: blacklistDetail(entry),
    appKey: call.appKey,
    requestId: call.requestId,
    at: call.at,
  });
  return new GatewayError('smsBlacklisted', { phone: maskPhone(phone) });
}
