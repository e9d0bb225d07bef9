import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { conflict, providerRefused } from '../../errors.js';
import { audit } from '../../data/audit.js';
import { selectColumns, toRecord, toStored, type Row } from '../../data/rows.js';
import { tableWritten } from '../../services/tableCache.js';
import { alctConnector, type AlctAnswer, type AlctCredentials } from './connector.js';
import type { PageAccess } from '../../data/access.js';
import type { ActionHandler } from '../../actions/types.js';
import { dynamicView } from '../../db/connect.js';

/**
 * Actions of the ALCT pages: push a waybill for payment (and retry a refused one), register a
 * vehicle or driver. Each makes one connector call, then records the answer on the record and in
 * alct/log in one transaction. A refusal by ALCT is recorded first and then answered as a failure
 * (422 with ALCT's reason), so a bulk run reports it per row.
 */

const LOG_PAGE = 'alct/log';
const chinaToday = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

async function usableConfig(ctx: AppContext, enterpriseCode: unknown, at: Date): Promise<Row & AlctCredentials> {
  const cfg = await ctx.database.db
    .selectFrom('alct_config')
    .selectAll()
    .where('enterpriseCode', '=', String(enterpriseCode ?? ''))
    .executeTakeFirst();
  const today = chinaToday(at);
  const usable =
    cfg && cfg.status === 'enabled' && (!cfg.validFrom || String(cfg.validFrom) <= today) && (!cfg.validTo || String(cfg.validTo) >= today);
  if (!usable) throw conflict('pages.alct.messages.configUnusable', { code: String(enterpriseCode ?? '') });
  return cfg as Row & AlctCredentials;
}

interface Attempt {
  operation: 'pushShipment' | 'retryShipment' | 'syncVehicle' | 'syncDriver';
  bizNo: string;
  answer: AlctAnswer;
  startedAt: Date;
  /** The record's new values. */
  changes: Row;
}

/** Stores the record's new values, its audit and the log row together; answers the record as it is now. */
async function record(ctx: AppContext, access: PageAccess, row: Row, a: Attempt): Promise<Row> {
  const page = access.page;
  const logPage = ctx.schemas.pages.get(LOG_PAGE)!;
  const now = new Date();
  const by = access.user.username;
  const id = Number(row.id);
  const after = await ctx.database.db.transaction().execute(async (trx) => {
    const res = await dynamicView(trx)
      .updateTable(page.resource!.table)
      .set({ ...toStored(ctx.database, page, a.changes), updatedAt: now.toISOString(), updatedBy: by, version: Number(row.version) + 1 })
      .where('id', '=', id)
      .where('version', '=', Number(row.version))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('server.data.stale');
    await dynamicView(trx)
      .insertInto(logPage.resource!.table)
      .values({
        ...toStored(ctx.database, logPage, {
          enterpriseCode: row.enterpriseCode,
          loggedAt: a.startedAt.toISOString(),
          operation: a.operation,
          bizNo: a.bizNo,
          requestId: randomUUID(),
          result: a.answer.ok ? 'success' : 'failure',
          remoteId: a.answer.ok ? a.answer.remoteId : null,
          errorCode: a.answer.ok ? null : a.answer.errorCode,
          message: a.answer.message,
          durationMs: Math.max(0, now.getTime() - a.startedAt.getTime()),
        }),
        partyCode: row.partyCode,
        version: 1,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        createdBy: by,
        updatedBy: by,
      })
      .execute();
    const stored = await dynamicView(trx)
      .selectFrom(page.resource!.table)
      .select(selectColumns(page))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const out = toRecord(page, stored as Row);
    await audit(trx, access.user, page, `action:${a.operation}`, id, row, out);
    return out;
  });
  tableWritten(page.resource!.table);
  tableWritten(logPage.resource!.table);
  return after;
}

/** What the caller is told: ALCT's acceptance as a message, its refusal as a 422 with the reason. */
function answerOf(a: Attempt, after: Row, accepted: string) {
  const params = { bizNo: a.bizNo, remoteId: a.answer.ok ? a.answer.remoteId : '', reason: a.answer.ok ? '' : a.answer.message };
  if (!a.answer.ok)
    throw providerRefused(a.operation.startsWith('sync') ? 'pages.alct.messages.syncFailed' : 'pages.alct.messages.rejected', params);
  return { message: accepted, params, rows: [after] };
}

/** Pushes (or retries) one shipment; the scheduled push calls it too. */
export async function pushShipment(ctx: AppContext, access: PageAccess, row: Row, retry: boolean) {
  if (!retry && row.status !== 'pending') throw conflict('pages.alct.messages.notPending');
  if (retry && row.status !== 'rejected' && row.status !== 'pushed') throw conflict('pages.alct.messages.notRetryable');
  const startedAt = new Date();
  const cfg = await usableConfig(ctx, row.enterpriseCode, startedAt);
  const retries = Number(row.retries ?? 0);
  if (retry && retries >= Number(cfg.maxRetries ?? 0))
    throw conflict('pages.alct.messages.retriesExhausted', { retries, max: Number(cfg.maxRetries ?? 0) });
  const db = ctx.database.db;
  const waybill = await db
    .selectFrom('tms_waybill')
    .selectAll()
    .where('waybillNo', '=', String(row.waybillNo))
    .where('partyCode', '=', String(row.partyCode))
    .executeTakeFirst();
  if (!waybill) throw conflict('pages.alct.messages.waybillMissing', { bizNo: String(row.waybillNo) });
  const taxItemNo = String(row.taxItemNo ?? cfg.defaultTaxItemNo ?? '');
  const [item, vehicle, driver] = await Promise.all([
    db
      .selectFrom('alct_tax_item')
      .select(['taxCode'])
      .where('itemNo', '=', taxItemNo)
      .where('enterpriseCode', '=', cfg.enterpriseCode)
      .where('status', '=', 'enabled')
      .executeTakeFirst(),
    db
      .selectFrom('alct_vehicle')
      .select(['remoteVehicleId'])
      .where('enterpriseCode', '=', cfg.enterpriseCode)
      .where('plate', '=', String(waybill.plate))
      .where('syncStatus', '=', 'synced')
      .executeTakeFirst(),
    db
      .selectFrom('alct_driver')
      .select(['remoteDriverId'])
      .where('enterpriseCode', '=', cfg.enterpriseCode)
      .where('idcard', '=', String(waybill.driverIdcard))
      .where('syncStatus', '=', 'synced')
      .executeTakeFirst(),
  ]);
  const amountFen = Number(waybill.driverCostFen ?? 0);
  const answer = await alctConnector().pushShipment(
    cfg,
    {
      waybillNo: String(row.waybillNo),
      waybillStatus: String(waybill.status),
      plate: String(waybill.plate),
      vehicleRemoteId: (vehicle?.remoteVehicleId as string) ?? null,
      driverIdcard: String(waybill.driverIdcard),
      driverRemoteId: (driver?.remoteDriverId as string) ?? null,
      amountFen,
      taxCode: (item?.taxCode as string) ?? null,
    },
    startedAt,
  );
  const at = startedAt.toISOString();
  const changes: Row = {
    plate: waybill.plate,
    driverIdcard: waybill.driverIdcard,
    amountFen,
    taxItemNo: item ? taxItemNo : (row.taxItemNo ?? null),
    lastAttemptAt: at,
    retries: retry ? retries + 1 : retries,
    ...(answer.ok
      ? {
          status: answer.status,
          remoteId: answer.remoteId,
          pushedAt: row.pushedAt ?? at,
          acceptedAt: answer.status === 'accepted' ? at : null,
          errorCode: null,
          error: null,
        }
      : { status: 'rejected', errorCode: answer.errorCode, error: answer.message }),
  };
  const attempt: Attempt = {
    operation: retry ? 'retryShipment' : 'pushShipment',
    bizNo: String(row.waybillNo),
    answer,
    startedAt,
    changes,
  };
  const after = await record(ctx, access, row, attempt);
  return answerOf(
    attempt,
    after,
    answer.ok && answer.status === 'accepted' ? 'pages.alct.messages.accepted' : 'pages.alct.messages.pushed',
  );
}

async function sync(ctx: AppContext, access: PageAccess, row: Row, kind: 'vehicle' | 'driver') {
  const startedAt = new Date();
  const cfg = await usableConfig(ctx, row.enterpriseCode, startedAt);
  const connector = alctConnector();
  const answer =
    kind === 'vehicle'
      ? await connector.registerVehicle(
          cfg,
          {
            plate: String(row.plate),
            plateColor: String(row.plateColor ?? ''),
            vehicleTypeCode: String(row.vehicleTypeCode ?? ''),
            roadTransportCertNo: String(row.roadTransportCertNo ?? ''),
            vin: String(row.vin ?? ''),
            owner: String(row.owner ?? ''),
          },
          startedAt,
        )
      : await connector.registerDriver(
          cfg,
          {
            idcard: String(row.idcard),
            name: String(row.name ?? ''),
            mobile: String(row.mobile ?? ''),
            bankCard: String(row.bankCard ?? ''),
          },
          startedAt,
        );
  const at = startedAt.toISOString();
  const remote = kind === 'vehicle' ? 'remoteVehicleId' : 'remoteDriverId';
  const changes: Row = {
    lastAttemptAt: at,
    retries: row.lastAttemptAt ? Number(row.retries ?? 0) + 1 : 0,
    ...(answer.ok
      ? { syncStatus: 'synced', [remote]: answer.remoteId, syncedAt: at, failReason: null }
      : { syncStatus: 'failed', failReason: answer.message }),
    ...(kind === 'driver' && answer.ok ? { realNameVerified: true, agreementSignedAt: row.agreementSignedAt ?? at } : {}),
  };
  const bizNo = String(kind === 'vehicle' ? row.plate : row.name);
  const attempt: Attempt = { operation: kind === 'vehicle' ? 'syncVehicle' : 'syncDriver', bizNo, answer, startedAt, changes };
  const after = await record(ctx, access, row, attempt);
  return answerOf(attempt, after, 'pages.alct.messages.synced');
}

export const alctActions: Record<string, ActionHandler> = {
  alctPushShipment: (ctx, access, row) => pushShipment(ctx, access, row!, false),
  alctRetryShipment: (ctx, access, row) => pushShipment(ctx, access, row!, true),
  alctSyncVehicle: (ctx, access, row) => sync(ctx, access, row!, 'vehicle'),
  alctSyncDriver: (ctx, access, row) => sync(ctx, access, row!, 'driver'),
};
