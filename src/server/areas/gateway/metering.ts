import type { AppContext } from '../../context.js';
import { groupCommit } from '../../db/groupCommit.js';
import { CALL_LOG_COLUMNS, countCall, debit, insertCallLog, insertConsume, monthCalls } from './statements.js';
import type { Db } from '../../db/connect.js';
import { GatewayError } from './codes.js';
import { activePlan, tierPrice, type Product } from './pricing.js';
import type { ServiceSettings } from '../../connectors/types.js';
import type { AccountAlert } from './lowBalance.js';

export interface MeterInput {
  partyCode: string;
  service: string;
  api: string;
  appKey: string | null;
  requestId: string;
  at: Date;
  settings: ServiceSettings;
  product: Product | null;
}

export interface Reservation {
  priceFen: number;
  monthVolume: number;
  priceSource: 'plan' | 'config' | 'product';
  balanceAfterFen: number | null;
  /** The account's alert settings as the debit left them, for the low-balance check. */
  account: AccountAlert | null;
  /** Failures are not charged unless the product bills every call. */
  chargeFailures: boolean;
}

/**
 * Counts the call against the daily and per-second quotas, prices it by the month's volume and
 * debits the service account, in one transaction (shared with other calls' units on SQLite,
 * db/groupCommit.ts): a refusal at any step leaves no trace.
 * The debit is one conditional UPDATE (balance + credit limit >= price), so concurrent calls
 * can neither overdraw the account nor lose a debit.
 */
export async function reserve(ctx: AppContext, m: MeterInput): Promise<Reservation> {
  const iso = m.at.toISOString();
  const day = iso.slice(0, 10);
  const second = Math.floor(m.at.getTime() / 1000);
  const { dailyQuota, qpsLimit } = m.settings;
  const plan = await activePlan(ctx, m.partyCode, m.service, day);
  return groupCommit(ctx.database, async (trx) => {
    const counted = await countCall.first(trx, m.partyCode, m.service, day, second, iso, dailyQuota, qpsLimit);
    if (!counted) {
      const row = await trx
        .selectFrom('gw_usage')
        .select(['dayCount'])
        .where('partyCode', '=', m.partyCode)
        .where('service', '=', m.service)
        .where('day', '=', day)
        .executeTakeFirst();
      throw dailyQuota && Number(row?.dayCount) >= dailyQuota
        ? new GatewayError('dailyQuotaExceeded', { quota: dailyQuota })
        : new GatewayError('qpsExceeded', { limit: qpsLimit });
    }
    const volume = await monthVolume(trx, m.partyCode, m.service, day);
    const priceSource: Reservation['priceSource'] = plan ? 'plan' : m.settings.unitPriceFen !== null ? 'config' : 'product';
    const priceFen = plan ? tierPrice(plan, volume) : (m.settings.unitPriceFen ?? m.product?.unitPriceFen ?? 0);
    let balanceAfterFen: number | null = null;
    let account: AccountAlert | null = null;
    if (priceFen > 0) {
      const debited = await debit.first(trx, priceFen, m.partyCode);
      if (!debited) {
        // Undone by the rollback (of the transaction or of the unit's savepoint) anyway, unless this
        // runs inside a caller's transaction.
        if (ctx.database.db.isTransaction) {
          await trx
            .updateTable('gw_usage')
            .set((eb) => ({ dayCount: eb('dayCount', '-', 1), secondCount: eb('secondCount', '-', 1) }))
            .where('partyCode', '=', m.partyCode)
            .where('service', '=', m.service)
            .where('day', '=', day)
            .execute();
        }
        throw new GatewayError('insufficientBalance', { priceFen });
      }
      balanceAfterFen = Number(debited.balanceFen);
      account = { alertThresholdFen: debited.alertThresholdFen, alertPhone: debited.alertPhone };
      await insertConsume.execute(
        trx,
        m.partyCode,
        iso,
        m.requestId,
        m.appKey,
        m.service,
        m.api,
        volume,
        priceFen,
        balanceAfterFen,
        priceSource,
        'gateway',
      );
    }
    return { priceFen, monthVolume: volume, priceSource, balanceAfterFen, account, chargeFailures: Boolean(m.product?.perCall) };
  });
}

async function monthVolume(trx: Db, partyCode: string, service: string, day: string): Promise<number> {
  const row = await monthCalls.first(trx, partyCode, service, `${day.slice(0, 7)}-01`, day);
  return Number(row?.n ?? 0);
}

export interface CallRecord {
  partyCode: string;
  service: string;
  api: string;
  at: Date;
  requestId: string;
  bizNo: string | null;
  appKey: string | null;
  ip: string | null;
  result: 'success' | 'failure' | 'refused';
  errorCode: string | null;
  durationMs: number;
  requestSummary: string | null;
  responseSummary: string | null;
}

/**
 * Records the call in cust_service_log and, for a failure that is not billed, gives the money
 * back in the same transaction: the consume-log row is marked reversed with amount 0, so the
 * account always equals recharges − refunds − the consume log's amounts.
 */
export async function settle(ctx: AppContext, call: CallRecord, reservation: Reservation | null): Promise<{ feeFen: number }> {
  const reverse = call.result === 'failure' && reservation !== null && reservation.priceFen > 0 && !reservation.chargeFailures;
  const feeFen = reservation && !reverse && call.result !== 'refused' ? reservation.priceFen : 0;
  const row = {
    partyCode: call.partyCode,
    service: call.service,
    api: call.api,
    calledAt: call.at.toISOString(),
    requestId: call.requestId,
    bizNo: call.bizNo,
    appKey: call.appKey,
    ip: call.ip,
    result: call.result,
    errorCode: call.errorCode,
    durationMs: call.durationMs,
    billedCount: feeFen > 0 || (reservation && call.result === 'success') ? 1 : 0,
    feeFen,
    requestSummary: call.requestSummary,
    responseSummary: call.responseSummary,
    version: 1,
    createdAt: call.at.toISOString(),
    updatedAt: call.at.toISOString(),
    createdBy: 'gateway',
    updatedBy: 'gateway',
  };
  if (!reverse) {
    await groupCommit(ctx.database, (trx) => insertCallLog.execute(trx, ...CALL_LOG_COLUMNS.map((c) => row[c])), { single: true });
    return { feeFen };
  }
  await groupCommit(ctx.database, async (trx) => {
    await trx.insertInto('cust_service_log').values(row).execute();
    await trx
      .updateTable('cm_service_account')
      .set((eb) => ({ balanceFen: eb('balanceFen', '+', reservation!.priceFen) }))
      .where('partyCode', '=', call.partyCode)
      .execute();
    await trx
      .updateTable('cm_consume_log')
      .set({ status: 'reversed', amountFen: 0, updatedAt: new Date().toISOString() })
      .where('requestId', '=', call.requestId)
      .execute();
  });
  return { feeFen };
}
