import type { Area } from '../area.js';
import { cloudPayActions } from './actions.js';
import { payReconciliation, paymentStatusSync } from './jobs.js';
import { cloudPayGenerators } from './demo.js';

/** Cloud pay: payments submitted to and settled by the bank, and the daily reconciliation of the platform account. */
export const cloudPay: Area = {
  name: 'cloudPay',
  actions: cloudPayActions,
  jobs: { payReconciliation, paymentStatusSync },
  demo: cloudPayGenerators,
};
