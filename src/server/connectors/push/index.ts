import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { ref, seedOf, str } from '../sandbox.js';

/** App push notifications to drivers' phones. */
export interface PushConnector {
  send(input: CallInput): Promise<CallResult>;
}

export const sandbox: PushConnector = {
  async send({ params, at }) {
    const deviceToken = str(params, 'deviceToken', { pattern: /^[A-Za-z0-9:_-]{16,200}$/ });
    const title = str(params, 'title', { max: 40 });
    str(params, 'body', { max: 200, optional: true });
    const platform = str(params, 'platform', { pattern: /^(android|ios)$/, optional: true }) || 'android';
    const seed = seedOf(deviceToken, title);
    if (deviceToken.startsWith('expired')) return failure('tokenExpired', 'the device token is no longer registered');
    return success({ msgId: ref('PS', seed, at), platform, delivered: true });
  },
};

export const connector: ServiceConnector = { service: 'push', operations: { send: (i) => sandbox.send(i) } };
