import { syncTrackAlerts } from './trackAlerts.js';
import type { JobHandler } from '../../jobs/types.js';

/** Derives the supervision page's track alerts from the positions location orders received since the last run. */
export const trackAlerts: JobHandler = async (ctx, { log }) => {
  const rows = await syncTrackAlerts(ctx, ctx.database.db);
  log(`track alerts from location orders: ${rows} added`);
  return { rows };
};
