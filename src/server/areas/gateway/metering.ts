import type { AppContext } from '../../context.js';
import { atomically, groupCommit } from '../../db/groupCommit.js';
import type { Db } from '../../db/connect.js';
import { CALL_LOG_COLUMNS, countCall, countWithinLimit, debit, insertCallLog, insertConsume } from './statements.js';
import { GatewayError } from './codes.js';
import { activePlan, tierPrice, type Product } from './pricing.js';
import type { ServiceSettings } from '../../connectors/types.js';
import type { AccountAlert } from './lowBalance.js';

/**
 * A limit of the customer's own, counted in gw_usage under a key of its own by one conditional
 * upsert, so concurrent calls (or instances) cannot pass it together; `refusal` when it is reached
 * (made then: an error costs its stack trace).
 */
export interface Limit {
  key: string;
  period: string;
  limit: number;
  refusal: () => GatewayError;
}

export interface MeterInput {
  partyCode: string;
  service: string;
  api: string;
  appKey: string | null;
  requestId: string;
  at: Date;
  settings: ServiceSettings;
  product: Product | null;
  limits?: Limit[];
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
 * Counts the customer's own limits (m.limits, in order: the first one reached refuses the call, and
 * those counted before it stay counted), then counts the call against the daily and per-second
 * quotas, prices it by the month's volume and debits the service account, all or nothing: a refusal
 * there leaves no trace but the limits' counts. One write unit (db/groupCommit.ts): on SQLite each
 * call in flight adds one unit to a commit, so a unit fewer per call is a share of a commit less.
 * The debit is one conditional UPDATE (balance + credit limit >= price), so concurrent calls
 * can neither overdraw the account nor lose a debit.
 */
export async function reserve(ctx: AppContext, m: MeterInput): Promise<Reservation> {
  const iso = m.at.toISOString();
  const day = iso.slice(0, 10);
  const second = Math.floor(m.at.getTime() / 1000);
  const { dailyQuota, qpsLimit } = m.settings;
  const plan = await activePlan(ctx, m.partyCode, m.service, day);
  const reservation = async (trx: Db): Promise<Reservation> => {
    const counted = await countCall.first(trx, m.partyCode, m.service, day, second, iso, dailyQuota, qpsLimit, `${day.slice(0, 7)}-01`);
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
    const volume = Number(counted.monthVolume);
    const priceSource: Reservation['priceSource'] = plan ? 'plan' : m.settings.unitPriceFen !== null ? 'config' : 'product';
    const priceFen = plan ? tierPrice(plan, volume) : (m.settings.unitPriceFen ?? m.product?.unitPriceFen ?? 0);
    let balanceAfterFen: number | null = null;
    let account: AccountAlert | null = null;
    if (priceFen > 0) {
      const debited = await debit.first(trx, priceFen, m.partyCode);
      if (!debited) throw new GatewayError('insufficientBalance', { priceFen });
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
  };
  const unit = async (db: Db) => {
    for (const l of m.limits ?? []) if (!(await countWithinLimit.first(db, m.partyCode, l.key, l.period, iso, l.limit))) throw l.refusal();
    return atomically(db, reservation);
  };
  return groupCommit(ctx.database, unit, { single: true });
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
