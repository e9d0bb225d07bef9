import type { AppContext } from '../../context.js';
import { conflict, providerRefused } from '../../errors.js';
import { GatewayError, performCall } from '../gateway/index.js';
import { transact } from '../../db/transact.js';
import { audit } from '../../data/audit.js';
import { toStored, type Row } from '../../data/rows.js';
import type { ActionHandler } from '../../actions/types.js';
import { syncTrackAlerts } from './trackAlerts.js';
import { dynamicView } from '../../db/connect.js';
import { tableOfPage } from '../../db/knownTable.js';

const LOG_PAGE = 'location/orderLog';
/** China's extent, as the position log's model bounds it. */
const inChina = (lng: number, lat: number) => lng >= 73.5 && lng <= 135.1 && lat >= 3.8 && lat <= 53.6;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const msOf = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));

interface TrackPoint {
  lng: number;
  lat: number;
  locatedAt: string;
  speedKmh?: number;
  heading?: number;
}

async function plateOf(ctx: AppContext, order: Row): Promise<string> {
  if (order.plate) return String(order.plate);
  // Phone and mini-program orders may leave the plate out: the waybill's vehicle is the one located.
  const wb = await ctx.database.db
    .selectFrom('tms_waybill')
    .select('plate')
    .where('waybillNo', '=', String(order.waybillNo))
    .executeTakeFirst();
  return String(wb?.plate ?? '');
}

/**
 * One gateway call for the order's organisation, checked, metered and logged like a customer's
 * call; a refusal (service closed, quota, balance, risk) is answered with the gateway's reason.
 */
export async function callForOrder(
  ctx: AppContext,
  order: Row,
  service: string,
  operation: string,
  params: Record<string, unknown>,
  at: Date,
) {
  const partyCode = String(order.partyCode);
  const party = await ctx.database.core.selectFrom('sys_party').select('name').where('code', '=', partyCode).executeTakeFirst();
  try {
    return await performCall(ctx, {
      partyCode,
      partyName: party?.name ?? partyCode,
      appKey: null,
      service,
      operation,
      params,
      ip: '127.0.0.1',
      at,
    });
  } catch (err) {
    if (err instanceof GatewayError)
      throw conflict('pages.location.order.messages.refused', { reason: { key: `gateway.codes.${err.code}`, params: err.params } });
    throw err;
  }
}

/**
 * "Locate now" on a location order: one vehicle-track call through the gateway for the order's
 * organisation (checked, metered and logged like a customer's call), and the position it answers
 * written to the order's position log, with the order's count, last time and fee moved on in the
 * same transaction. Only a tracking order inside its window is located, and a phone order only
 * with the driver's consent.
 */
export const locateOrder: ActionHandler = async (ctx, access, record) => {
  const order = record!;
  const at = new Date();
  if (order.status !== 'tracking') throw conflict('pages.location.order.messages.notTracking');
  if (at.getTime() < msOf(order.startAt) || at.getTime() > msOf(order.endAt)) throw conflict('pages.location.order.messages.outsideWindow');
  if (order.method === 'phoneLbs' && order.consentStatus !== 'granted') throw conflict('pages.location.rules.consentBeforeTracking');
  const answer = await callForOrder(
    ctx,
    order,
    'vehicleTrack',
    'locate',
    { plate: await plateOf(ctx, order), waybillNo: String(order.waybillNo), points: 1 },
    at,
  );
  if (answer.result !== 'success')
    throw providerRefused('pages.location.order.messages.failed', { reason: String(answer.data.message ?? answer.data.errorCode ?? '') });
  const points = (answer.data.points ?? []) as TrackPoint[];
  const point = points[points.length - 1];
  if (!point || !inChina(point.lng, point.lat))
    throw providerRefused('pages.location.order.messages.failed', { reason: 'position outside China' });

  const partyCode = String(order.partyCode);
  const logPage = ctx.schemas.pages.get(LOG_PAGE)!;
  const now = at.toISOString();
  const by = access.user.username;
  const lng = round6(point.lng);
  const lat = round6(point.lat);
  const address = answer.data.from && answer.data.to ? `${String(answer.data.from)}→${String(answer.data.to)}` : null;
  const values: Row = {
    locOrderNo: order.locOrderNo,
    waybillNo: order.waybillNo,
    locatedAt: new Date(point.locatedAt).toISOString(),
    method: order.method,
    lng,
    lat,
    coordSystem: String(answer.data.coordSystem ?? 'WGS84'),
    speedKmh: point.speedKmh ?? null,
    heading: point.heading ?? null,
    address,
    resultCode: 'ok',
    charged: answer.feeFen > 0,
    feeFen: answer.feeFen,
    requestId: answer.requestId,
  };
  await transact(ctx.database.db, async (trx) => {
    await dynamicView(trx)
      .insertInto(logPage.resource!.table)
      .values({
        ...toStored(ctx.database, logPage, values),
        partyCode,
        version: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: by,
        updatedBy: by,
      })
      .execute();
    // Counted in SQL, so two calls at once both land.
    await trx
      .updateTable(tableOfPage(access.page, 'loc_order'))
      .set((eb) => ({
        pointCount: eb(eb.fn.coalesce('pointCount', eb.val(0)), '+', 1),
        feeFen: eb(eb.fn.coalesce('feeFen', eb.val(0)), '+', answer.feeFen),
        lastLocatedAt: values.locatedAt as string,
        version: eb('version', '+', 1),
        updatedAt: now,
        updatedBy: by,
      }))
      .where('id', '=', Number(order.id))
      .execute();
  });
  // The new point may end a signal loss or a stop: the supervision page hears of it now, not at the next job run.
  await syncTrackAlerts(ctx, ctx.database.db, [String(order.locOrderNo)]);
  await audit(
    ctx.database.db,
    access.user,
    access.page,
    'action:locate',
    Number(order.id),
    { pointCount: order.pointCount, feeFen: order.feeFen },
    { requestId: answer.requestId, lng, lat, feeFen: answer.feeFen },
  );
  return {
    message: 'pages.location.order.messages.located',
    params: {
      lng: lng.toFixed(6),
      lat: lat.toFixed(6),
      at: values.locatedAt,
      fee: (answer.feeFen / 100).toFixed(2),
      requestId: answer.requestId,
    },
    point: values,
  };
};
