import type { Insertable } from 'kysely';
import type { AppDatabase } from '../../db/connect.js';
import { precompile } from '../../db/precompiled.js';

type CallLogRow = Insertable<AppDatabase['cust_service_log']>;

/**
 * The statements every gateway call runs, compiled once (db/precompiled.ts). Arguments are
 * positional; their order is the order of the parameters of each function below.
 */

/** Claims a nonce; returns its id, or nothing when the app already used it. (appKey, nonce, expiresAt, now) */
export const insertNonce = precompile(4, (db, appKey: string, nonce: string, expiresAt: string, now: string) =>
  db
    .insertInto('gw_nonce')
    .values({ appKey, nonce, expiresAt, version: 1, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.columns(['appKey', 'nonce']).doNothing())
    .returning(['id']),
);

/**
 * Counts a call on the day's row (and the current second's) while the daily quota and the
 * per-second limit leave room (0 = unlimited); returns the day's count and the month's calls up to
 * and including it (the earlier days' rows summed in the same statement), or nothing when refused.
 * (partyCode, service, day, second, iso, dailyQuota, qpsLimit, monthStart)
 */
export const countCall = precompile(
  8,
  (
    db,
    partyCode: string,
    service: string,
    day: string,
    second: number,
    iso: string,
    dailyQuota: number,
    qpsLimit: number,
    monthStart: string,
  ) =>
    db
      .insertInto('gw_usage')
      .values({ partyCode, service, day, dayCount: 1, second, secondCount: 1, version: 1, createdAt: iso, updatedAt: iso })
      .onConflict((oc) =>
        oc
          .columns(['partyCode', 'service', 'day'])
          .doUpdateSet((eb) => ({
            dayCount: eb('gw_usage.dayCount', '+', 1),
            secondCount: eb
              .case()
              .when('gw_usage.second', '=', second)
              .then(eb('gw_usage.secondCount', '+', 1))
              .else(1)
              .end(),
            second,
            updatedAt: iso,
          }))
          .where((eb) =>
            eb.and([
              eb.or([eb(eb.val(dailyQuota), '=', eb.lit(0)), eb('gw_usage.dayCount', '<', dailyQuota)]),
              eb.or([eb(eb.val(qpsLimit), '=', eb.lit(0)), eb('gw_usage.second', '!=', second), eb('gw_usage.secondCount', '<', qpsLimit)]),
            ]),
          ),
      )
      // The other days' rows are not written by this statement: the sum is the same on both stores,
      // whether its subquery sees the statement's own change (SQLite) or not (PostgreSQL).
      .returning((eb) => [
        'dayCount',
        eb(
          'gw_usage.dayCount',
          '+',
          eb
            .selectFrom('gw_usage as earlier')
            .select((e) => e.fn.coalesce(e.fn.sum<number>('earlier.dayCount'), e.lit(0)).as('n'))
            .whereRef('earlier.partyCode', '=', 'gw_usage.partyCode')
            .whereRef('earlier.service', '=', 'gw_usage.service')
            .where('earlier.day', '>=', monthStart)
            .whereRef('earlier.day', '<', 'gw_usage.day'),
        ).as('monthVolume'),
      ]),
);

/** Counts an event under its own key while below the limit. (partyCode, key, period, iso, limit) */
export const countWithinLimit = precompile(5, (db, partyCode: string, key: string, period: string, iso: string, limit: number) =>
  db
    .insertInto('gw_usage')
    .values({ partyCode, service: key, day: period, dayCount: 1, second: 0, secondCount: 0, version: 1, createdAt: iso, updatedAt: iso })
    .onConflict((oc) =>
      oc
        .columns(['partyCode', 'service', 'day'])
        .doUpdateSet((eb) => ({ dayCount: eb('gw_usage.dayCount', '+', 1), updatedAt: iso }))
        .where('gw_usage.dayCount', '<', limit),
    )
    .returning(['dayCount']),
);

/** Debits an active account unless balance + credit would fall below the price. (price, partyCode) */
export const debit = precompile(2, (db, priceFen: number, partyCode: string) =>
  db
    .updateTable('cm_service_account')
    .set((eb) => ({ balanceFen: eb(eb.fn.coalesce('balanceFen', eb.val(0)), '-', priceFen) }))
    .where('partyCode', '=', partyCode)
    .where('status', '=', 'active')
    .where((eb) => eb(eb(eb.fn.coalesce('balanceFen', eb.val(0)), '+', eb.fn.coalesce('creditLimitFen', eb.val(0))), '>=', priceFen))
    .returning(['balanceFen', 'alertThresholdFen', 'alertPhone']),
);

/** A charged row of the consume log. */
export const insertConsume = precompile(
  11,
  (
    db,
    partyCode: string,
    iso: string,
    requestId: string,
    appKey: string | null,
    service: string,
    api: string,
    monthVolume: number,
    priceFen: number,
    balanceAfterFen: number,
    priceSource: string,
    by: string,
  ) =>
    db.insertInto('cm_consume_log').values({
      partyCode,
      consumedAt: iso,
      requestId,
      appKey,
      service,
      api,
      monthVolume,
      unitPriceFen: priceFen,
      amountFen: priceFen,
      balanceAfterFen,
      priceSource,
      status: 'charged',
      version: 1,
      createdAt: iso,
      updatedAt: iso,
      createdBy: by,
      updatedBy: by,
    }),
);

export const CALL_LOG_COLUMNS = [
  'partyCode',
  'service',
  'api',
  'calledAt',
  'requestId',
  'bizNo',
  'appKey',
  'ip',
  'result',
  'errorCode',
  'durationMs',
  'billedCount',
  'feeFen',
  'requestSummary',
  'responseSummary',
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
] as const satisfies readonly (keyof CallLogRow)[];

/** A row of cust_service_log, its values in the order of CALL_LOG_COLUMNS. */
export const insertCallLog = precompile(CALL_LOG_COLUMNS.length, (db, ...values: unknown[]) =>
  // The values are placeholders until the statement runs (precompiled.ts); the column list is what is typed.
  db.insertInto('cust_service_log').values(Object.fromEntries(CALL_LOG_COLUMNS.map((c, i) => [c, values[i]])) as CallLogRow),
);
