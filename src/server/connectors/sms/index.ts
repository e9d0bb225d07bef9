import type { CallInput, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { MOBILE, mask, ref, seedOf, str } from '../sandbox.js';

/** Text messages sent on the customer's behalf (verification codes, notices). */
export interface SmsConnector {
  send(input: CallInput): ReturnType<ServiceConnector['operations'][string]>;
}

/** Sandbox: nothing leaves the server; numbers a carrier would refuse (virtual 170/171 ranges) fail. */
export const sandbox: SmsConnector = {
  async send({ params, at }) {
    const phone = str(params, 'phone', { pattern: MOBILE });
    const template = str(params, 'template', { pattern: /^[A-Za-z0-9_]{2,40}$/ });
    const text = str(params, 'content', { optional: true, max: 500 });
    if (/^17[01]/.test(phone)) return failure('phoneRejected', 'the carrier refuses virtual-operator numbers');
    const seed = seedOf(phone, template, text, at.getTime());
    const parts = Math.max(1, Math.ceil(text.length / 67));
    return success({ messageId: ref('SMS', seed, at), phone: mask(phone), parts });
  },
};

export const connector: ServiceConnector = { service: 'sms', operations: { send: (i) => sandbox.send(i) } };
