import { AppError } from '../../errors.js';
import { documentOf, upload, PAYMENT_UPLOAD, WAYBILL_UPLOAD } from './actions.js';
import { toRecord, toStored, type Row } from '../../data/rows.js';
import { tableWritten } from '../../services/tableCache.js';
import type { AppContext } from '../../context.js';
import { systemAccess } from '../../data/access.js';
import type { JobHandler } from '../../jobs/types.js';
import { dynamicView } from '../../db/connect.js';

const BATCH = 200;
/** Documents signed or paid longer ago than this are past the reporting window and left to staff. */
const WINDOW_DAYS = 30;

/** Upload records for signed/settled waybills and paid settlements in the window that have none yet. */
async function addMissing(ctx: AppContext, now: Date): Promise<number> {
  const db = ctx.database.db;
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000).toISOString();
  const at = now.toISOString();
  let added = 0;
  const insert = async (pageId: string, rows: Row[]) => {
    const page = ctx.schemas.pages.get(pageId)!;
    if (!rows.length) return;
    await dynamicView(db)
      .insertInto(page.resource!.table)
      .values(
        rows.map((r) => ({
          ...toStored(ctx.database, page, r),
          partyCode: r.partyCode,
          version: 1,
          createdAt: at,
          updatedAt: at,
          createdBy: 'system',
          updatedBy: 'system',
        })),
      )
      .execute();
    tableWritten(page.resource!.table);
    added += rows.length;
  };
  const waybills = await db
    .selectFrom('tms_waybill as w')
    .select(['w.waybillNo', 'w.partyCode'])
    .where('w.status', 'in', ['signed', 'settled'])
    .where('w.deliveredAt', '>=', since)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('tms_ministry_waybill_upload as u').select('u.id').whereRef('u.waybillNo', '=', 'w.waybillNo'))),
    )
    .orderBy('w.waybillNo')
    .limit(BATCH)
    .execute();
  await insert(
    WAYBILL_UPLOAD,
    waybills.map((w) => ({ waybillNo: w.waybillNo, partyCode: w.partyCode, status: 'pending', retries: 0 })),
  );
  const settlements = await db
    .selectFrom('tms_settlement as s')
    .select(['s.settlementNo', 's.waybillNo', 's.partyCode'])
    .where('s.status', '=', 'paid')
    .where('s.paidAt', '>=', since)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('tms_ministry_payment_upload as u').select('u.id').whereRef('u.settlementNo', '=', 's.settlementNo'))),
    )
    .orderBy('s.settlementNo')
    .limit(BATCH)
    .execute();
  await insert(
    PAYMENT_UPLOAD,
    settlements.map((s) => ({
      settlementNo: s.settlementNo,
      waybillNo: s.waybillNo,
      partyCode: s.partyCode,
      status: 'pending',
      retries: 0,
    })),
  );
  return added;
}

/**
 * Uploads signed/settled waybills and their payments to the monitoring system: records the ones not
 * yet recorded, sends those waiting (or sent without a receipt), and resends a rejected one only when
 * its document has changed since (someone fixed the waybill or its records). Accepted ones are left
 * alone. A rejection is that document's outcome, not a failure of the run.
 */
export const ministryUpload: JobHandler = async (ctx, { now, log }) => {
  if (!ctx.schemas.pages.get(WAYBILL_UPLOAD) || !ctx.schemas.pages.get(PAYMENT_UPLOAD)) return { rows: 0 };
  const added = await addMissing(ctx, now);
  const counts = { accepted: 0, rejected: 0, unchanged: 0, skipped: 0 };
  for (const pageId of [WAYBILL_UPLOAD, PAYMENT_UPLOAD]) {
    const access = systemAccess(ctx.schemas.pages.get(pageId)!);
    // Waiting ones first, so rejected ones that nobody has fixed never hold up new documents.
    const table = access.page.resource!.table;
    const rows = [
      ...(await dynamicView(ctx.database.db)
        .selectFrom(table)
        .selectAll()
        .where('status', 'in', ['pending', 'uploaded'])
        .orderBy('id')
        .limit(BATCH)
        .execute()),
      ...(await dynamicView(ctx.database.db)
        .selectFrom(table)
        .selectAll()
        .where('status', '=', 'rejected')
        .orderBy('updatedAt')
        .limit(BATCH)
        .execute()),
    ];
    for (const stored of rows) {
      const row: Row = { ...toRecord(access.page, stored as Row), id: stored.id, version: stored.version, partyCode: stored.partyCode };
      try {
        if (row.status === 'rejected' && (await documentOf(ctx, pageId, row)).digest === row.docDigest) {
          counts.unchanged++;
          continue;
        }
        await upload(ctx, access, row, row.status === 'rejected');
        counts.accepted++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        counts[err.httpStatus === 422 ? 'rejected' : 'skipped']++;
      }
    }
  }
  log(
    `Ministry upload: ${added} new, ${counts.accepted} accepted, ${counts.rejected} rejected, ${counts.unchanged} rejected and unchanged, ${counts.skipped} skipped`,
  );
  return { rows: counts.accepted + counts.rejected };
};
