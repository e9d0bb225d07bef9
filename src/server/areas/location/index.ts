import type { Area } from '../area.js';
import { locateOrder } from './locateOrder.js';
import { requestLocationConsent } from './requestConsent.js';
import { trackAlerts } from './trackAlertsJob.js';
import { locationGenerators } from './demo.js';

/** Location: location orders for waybills, the drivers' consent, the positions received and the track alerts drawn from them. */
export const location: Area = {
  name: 'location',
  actions: { locateOrder, requestLocationConsent },
  jobs: { trackAlerts },
  demo: locationGenerators,
};
