import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { ref, seedOf, str } from '../sandbox.js';

/** Alerts raised by a customer's system to its own receivers (SMS, e-mail, webhook). */
export interface AlertConnector {
  raise(input: CallInput): Promise<CallResult>;
}

const TYPES = ['lowBalance', 'failureRate', 'licenceExpiry', 'trackLost', 'waybillNotReported'];

export const sandbox: AlertConnector = {
  async raise({ params, at }) {
    const alertType = str(params, 'alertType', { pattern: new RegExp(`^(${TYPES.join('|')})$`) });
    const content = str(params, 'content', { max: 500 });
    const seed = seedOf(alertType, content);
    return success({ alertId: ref('AL', seed, at), alertType, delivered: { sms: 1 + (seed % 3), email: seed % 2 } });
  },
};

export const connector: ServiceConnector = { service: 'alert', operations: { raise: (i) => sandbox.raise(i) } };
