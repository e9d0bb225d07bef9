import type { AppContext } from '../../context.js';
import { conflict, providerRefused, providerUnavailable } from '../../errors.js';
import { audit } from '../../data/audit.js';
import { selectColumns, toRecord, toStored, type Row } from '../../data/rows.js';
import { tableWritten } from '../../services/tableCache.js';
import { ministryConnector, type MinistryAnswer } from './connector.js';
import { digestOf, fixLinkOf, loadSettlement, loadWaybill, paymentDoc, waybillDoc } from './docs.js';
import type { PageAccess } from '../../data/access.js';
import type { ActionHandler } from '../../actions/types.js';
import { dynamicView } from '../../db/connect.js';

/**
 * Uploads to the ministry's monitoring system: each attempt builds the document afresh from the
 * current waybill (or settlement) and its vehicle, driver, carrier and shipper, sends it through
 * the connector and records the answer on the upload record. A refusal is recorded first and then
 * answered as a 422 carrying the ministry's reason, so a bulk run or the job reports it per row.
 */

export const WAYBILL_UPLOAD = 'tms/supervision/waybillUpload';
export const PAYMENT_UPLOAD = 'tms/supervision/paymentUpload';

/** The document of an upload record and the values it shows of it. */
export async function documentOf(ctx: AppContext, pageId: string, row: Row) {
  if (pageId === PAYMENT_UPLOAD) {
    const src = await loadSettlement(ctx, row.settlementNo, row.partyCode);
    if (!src) throw conflict('pages.ministry.messages.sourceMissing', { no: String(row.settlementNo) });
    const doc = paymentDoc(src.settlement, src.driver, row, src.remit, src.more);
    const shown = {
      waybillNo: doc.waybillNo,
      payeeName: doc.payeeName,
      payeeAccount: doc.payeeAccount,
      payeeBank: doc.payeeBank,
      amountFen: doc.amountFen,
      paidAt: doc.paidAt,
      bankSerialNo: doc.bankSerialNo,
      payMethod: doc.payMethod,
    };
    const fixAt = (code: string | null) => fixLinkOf(code, { settlementNo: row.settlementNo, waybillNo: doc.waybillNo });
    return { no: doc.waybillNo, shown, fixAt, digest: digestOf(doc), send: (at: Date) => ministryConnector().uploadPayment(doc, at) };
  }
  const src = await loadWaybill(ctx, row.waybillNo, row.partyCode);
  if (!src) throw conflict('pages.ministry.messages.sourceMissing', { no: String(row.waybillNo) });
  const doc = waybillDoc(src);
  const fixAt = (code: string | null) => fixLinkOf(code, src.waybill);
  return {
    no: doc.waybillNo,
    shown: { plate: doc.plate, trailerPlate: doc.trailerPlate },
    fixAt,
    digest: digestOf(doc),
    send: (at: Date) => ministryConnector().uploadWaybill(doc, at),
  };
}

/** The record's values after an attempt (also used by the demo generator). */
export function outcome(row: Row, answer: MinistryAnswer | null, at: string, retry: boolean): Row {
  const retries = Number(row.retries ?? 0) + (retry ? 1 : 0);
  const base = { lastAttemptAt: at, uploadedAt: row.uploadedAt ?? at, retries };
  if (!answer) return { ...base, status: 'uploaded', errorCode: 'NO_RECEIPT', error: '监测系统未返回回执，待重发' };
  return answer.ok
    ? { ...base, status: 'accepted', receiptId: answer.receiptId, acceptedAt: at, errorCode: null, error: null }
    : { ...base, status: 'rejected', receiptId: null, errorCode: answer.errorCode, error: answer.message };
}

/** Uploads one record: first uploads of pending (or unanswered) records, or a resubmission of a rejected one. */
export async function upload(ctx: AppContext, access: PageAccess, row: Row, retry: boolean) {
  const page = access.page;
  if (!retry && row.status !== 'pending' && row.status !== 'uploaded') throw conflict('pages.ministry.messages.notPending');
  if (retry && row.status !== 'rejected') throw conflict('pages.ministry.messages.notRejected');
  const doc = await documentOf(ctx, page.id, row);
  const startedAt = new Date();
  let answer: MinistryAnswer | null;
  try {
    answer = await doc.send(startedAt);
  } catch {
    answer = null;
  }
  const changes = {
    ...doc.shown,
    docDigest: doc.digest,
    fixAt: doc.fixAt(answer && !answer.ok ? answer.errorCode : null),
    ...outcome(row, answer, startedAt.toISOString(), retry),
  };
  const by = access.user.username;
  const id = Number(row.id);
  const after = await ctx.database.db.transaction().execute(async (trx) => {
    const res = await dynamicView(trx)
      .updateTable(page.resource!.table)
      .set({
        ...toStored(ctx.database, page, changes),
        updatedAt: new Date().toISOString(),
        updatedBy: by,
        version: Number(row.version) + 1,
      })
      .where('id', '=', id)
      .where('version', '=', Number(row.version))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('server.data.stale');
    const stored = await dynamicView(trx)
      .selectFrom(page.resource!.table)
      .select(selectColumns(page))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const out = toRecord(page, stored as Row);
    await audit(trx, access.user, page, retry ? 'action:resubmit' : 'action:upload', id, row, out);
    return out;
  });
  tableWritten(page.resource!.table);
  const params = { no: doc.no, receiptId: answer?.ok ? answer.receiptId : '', reason: answer && !answer.ok ? answer.message : '' };
  if (!answer) throw providerUnavailable('pages.ministry.messages.noReceipt', params);
  if (!answer.ok) throw providerRefused('pages.ministry.messages.rejected', params);
  return { message: 'pages.ministry.messages.accepted', params, rows: [after] };
}

export const ministryActions: Record<string, ActionHandler> = {
  ministryUpload: (ctx, access, row) => upload(ctx, access, row!, false),
  ministryResubmit: (ctx, access, row) => upload(ctx, access, row!, true),
};
