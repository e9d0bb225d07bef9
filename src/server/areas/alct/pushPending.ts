import { AppError } from '../../errors.js';
import { pushShipment } from './actions.js';
import { toRecord } from '../../data/rows.js';
import { systemAccess } from '../../data/access.js';
import type { JobHandler } from '../../jobs/types.js';

const BATCH = 200;

/**
 * Pushes the waiting waybills of every enabled ALCT configuration set to scheduled pushing, one by
 * one as the push action does. A refusal by ALCT is that waybill's outcome (recorded on it and in
 * the call log), not a failure of the run.
 */
export const alctPushPending: JobHandler = async (ctx, { log }) => {
  const page = ctx.schemas.pages.get('alct/shipment');
  if (!page) return { rows: 0 };
  const db = ctx.database.db;
  const configs = await db
    .selectFrom('alct_config')
    .select(['enterpriseCode'])
    .where('status', '=', 'enabled')
    .where('syncMode', '=', 'scheduled')
    .execute();
  const access = systemAccess(page);
  const counts = { accepted: 0, pushed: 0, rejected: 0, skipped: 0 };
  for (const { enterpriseCode } of configs) {
    const rows = await db
      .selectFrom('alct_shipment')
      .selectAll()
      .where('enterpriseCode', '=', String(enterpriseCode))
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      try {
        const out = await pushShipment(ctx, access, toRecord(page, row), false);
        counts[out.rows[0].status === 'accepted' ? 'accepted' : 'pushed']++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // 422: ALCT refused and it is recorded; 409: the configuration or the record changed meanwhile.
        counts[err.httpStatus === 422 ? 'rejected' : 'skipped']++;
      }
    }
  }
  log(`ALCT scheduled push: ${counts.accepted} accepted, ${counts.pushed} pushed, ${counts.rejected} rejected, ${counts.skipped} skipped`);
  return { rows: counts.accepted + counts.pushed + counts.rejected };
};
