import type { Area } from '../area.js';
import { accountActions } from './accounts.js';
import { testServiceConfig } from './testServiceConfig.js';
import { callStatistics } from './callStatistics.js';
import { seedGatewayDemo } from './demo.js';

// The gateway's entry: its Area, and what the other areas use of it (one metered call and its refusals).
export { performCall, type CallAnswer, type GatewayCall } from './call.js';
export { GatewayError, type GatewayCode } from './codes.js';

/**
 * The open-platform gateway: the service accounts' money and the apps' secrets, the test call of a
 * customer's service configuration, the daily call statistics, and the demo's metered calls. Its
 * HTTP route is `routes/gateway.ts`; its eighteen services' sandboxes are the generic connectors.
 */
export const gateway: Area = {
  name: 'gateway',
  actions: { ...accountActions, testServiceConfig },
  jobs: { callStatistics },
  seed: seedGatewayDemo,
};
