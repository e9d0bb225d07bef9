import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { knownTable } from '../../db/knownTable.js';

/**
 * Track alerts of the supervision page derived from the positions a location order received. Two
 * rules, both decided from the points alone so that a rerun finds the same alerts:
 * - signal lost (轨迹中断): points answered without a position (noSignal, offline), or a gap between
 *   two points longer than three of the order's intervals (at least an hour); one alert per episode;
 * - long stop: the vehicle reported standing (0 km/h within 1 km) for two hours or more between
 *   leaving the loading place and its last movement (standing while loading or unloading is normal).
 */

export interface TrackPoint {
  locatedAt: string;
  lng: number;
  lat: number;
  speedKmh: number | null;
  resultCode: string;
}

export interface OrderInfo {
  locOrderNo: string;
  waybillNo: string;
  partyCode: string;
  plate: string | null;
  driverIdcard: string | null;
  intervalMin: number;
}

export interface DerivedAlert {
  partyCode: string;
  locOrderNo: string;
  waybillNo: string;
  plate: string | null;
  driverIdcard: string | null;
  alertType: 'signalLost' | 'longStop';
  level: 'low' | 'medium' | 'high';
  occurredAt: string;
  longitude: number | null;
  latitude: number | null;
  speedKmh: number;
  durationMin: number;
  description: string;
}

const MIN = 60_000;
export const LONG_STOP_MIN = 120;
const STOP_RADIUS_KM = 1;
const ms = (v: string) => Date.parse(v);
const km = (a: TrackPoint, b: TrackPoint) => Math.hypot((a.lng - b.lng) * 111 * Math.cos((a.lat * Math.PI) / 180), (a.lat - b.lat) * 111);
const standing = (p: TrackPoint) => p.resultCode === 'ok' && (p.speedKmh ?? 0) === 0;

export function signalGapMin(intervalMin: number): number {
  return Math.max(60, 3 * intervalMin);
}

function signalLost(o: OrderInfo, points: TrackPoint[]): DerivedAlert[] {
  const out: DerivedAlert[] = [];
  let lastOk: TrackPoint | null = null;
  let lostFrom: TrackPoint | null = null;
  let misses = 0;
  const push = (from: string, until: string, at: TrackPoint | null, why: string) => {
    const durationMin = Math.round((ms(until) - ms(from)) / MIN);
    out.push({
      partyCode: o.partyCode,
      locOrderNo: o.locOrderNo,
      waybillNo: o.waybillNo,
      plate: o.plate,
      driverIdcard: o.driverIdcard,
      alertType: 'signalLost',
      level: durationMin >= 240 ? 'high' : 'medium',
      occurredAt: from,
      longitude: at?.lng ?? null,
      latitude: at?.lat ?? null,
      speedKmh: 0,
      durationMin,
      description: `定位单 ${o.locOrderNo}：${why}，约 ${durationMin} 分钟无有效位置`,
    });
  };
  for (const p of points) {
    if (p.resultCode !== 'ok') {
      if (!lostFrom) lostFrom = p;
      misses++;
      continue;
    }
    if (lostFrom) {
      push(
        lostFrom.locatedAt,
        p.locatedAt,
        lastOk,
        `连续 ${misses} 次未取得位置（${lostFrom.resultCode === 'noSignal' ? '无信号' : '离线'}）`,
      );
      lostFrom = null;
      misses = 0;
    } else if (lastOk && ms(p.locatedAt) - ms(lastOk.locatedAt) > signalGapMin(o.intervalMin) * MIN) {
      push(lastOk.locatedAt, p.locatedAt, lastOk, '定位中断');
    }
    lastOk = p;
  }
  // Still without a position at the last point: the episode is open and counted up to that point.
  if (lostFrom) push(lostFrom.locatedAt, points[points.length - 1].locatedAt, lastOk, `连续 ${misses} 次未取得位置`);
  return out;
}

function longStops(o: OrderInfo, points: TrackPoint[]): DerivedAlert[] {
  const ok = points.filter((p) => p.resultCode === 'ok');
  const firstMove = ok.findIndex((p) => !standing(p));
  let lastMove = -1;
  ok.forEach((p, i) => {
    if (!standing(p)) lastMove = i;
  });
  const out: DerivedAlert[] = [];
  let i = firstMove < 0 ? ok.length : firstMove + 1;
  while (i < lastMove) {
    if (!standing(ok[i])) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < lastMove && standing(ok[j + 1]) && km(ok[i], ok[j + 1]) <= STOP_RADIUS_KM) j++;
    // The stop lasts until the next point that moves.
    const durationMin = Math.round((ms(ok[j + 1].locatedAt) - ms(ok[i].locatedAt)) / MIN);
    if (durationMin >= LONG_STOP_MIN) {
      out.push({
        partyCode: o.partyCode,
        locOrderNo: o.locOrderNo,
        waybillNo: o.waybillNo,
        plate: o.plate,
        driverIdcard: o.driverIdcard,
        alertType: 'longStop',
        level: durationMin >= 2 * LONG_STOP_MIN ? 'high' : 'medium',
        occurredAt: ok[i].locatedAt,
        longitude: ok[i].lng,
        latitude: ok[i].lat,
        speedKmh: 0,
        durationMin,
        description: `定位单 ${o.locOrderNo}：途中停车约 ${durationMin} 分钟`,
      });
    }
    i = j + 1;
  }
  return out;
}

/** The alerts the points of one order give, oldest first (points in any order). */
export function deriveTrackAlerts(order: OrderInfo, points: TrackPoint[]): DerivedAlert[] {
  const sorted = [...points].sort((a, b) => ms(a.locatedAt) - ms(b.locatedAt));
  return [...signalLost(order, sorted), ...longStops(order, sorted)].sort((a, b) => ms(a.occurredAt) - ms(b.occurredAt));
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/**
 * Writes the alerts of these location orders (all tracking or finished ones when none are named) to
 * the supervision page's table, skipping those already there (same order, type and start): the job
 * and the "locate now" action both call it, and reruns add nothing. Returns how many were added.
 */
export async function syncTrackAlerts(ctx: AppContext, db: Db, locOrderNos?: string[]): Promise<number> {
  const pages = ctx.schemas.pages;
  const alertTable = knownTable(pages, 'tms/supervision/trackMonitor', 'tms_track_alert');
  const orderTable = knownTable(pages, 'location/order', 'loc_order');
  const logTable = knownTable(pages, 'location/orderLog', 'loc_order_log');
  if (!alertTable || !orderTable || !logTable) return 0;
  let q = db
    .selectFrom('loc_order as o')
    .leftJoin('tms_waybill as w', 'w.waybillNo', 'o.waybillNo')
    .select(['o.locOrderNo', 'o.waybillNo', 'o.partyCode', 'o.plate', 'o.intervalMin', 'w.driverIdcard', 'w.plate as waybillPlate'])
    .where('o.status', 'in', ['tracking', 'finished']);
  if (locOrderNos) {
    if (!locOrderNos.length) return 0;
    q = q.where('o.locOrderNo', 'in', locOrderNos);
  }
  let added = 0;
  for (const o of await q.orderBy('o.id').execute()) {
    const points = (
      await db
        .selectFrom(logTable)
        .select(['locatedAt', 'lng', 'lat', 'speedKmh', 'resultCode'])
        .where('locOrderNo', '=', o.locOrderNo)
        .execute()
    ).map((p) => ({
      locatedAt: iso(p.locatedAt),
      lng: Number(p.lng),
      lat: Number(p.lat),
      speedKmh: p.speedKmh === null ? null : Number(p.speedKmh),
      resultCode: String(p.resultCode),
    }));
    const info: OrderInfo = {
      locOrderNo: String(o.locOrderNo),
      waybillNo: String(o.waybillNo),
      partyCode: String(o.partyCode),
      plate: (o.plate ?? o.waybillPlate ?? null) as string | null,
      driverIdcard: (o.driverIdcard ?? null) as string | null,
      intervalMin: Number(o.intervalMin ?? 30),
    };
    const alerts = deriveTrackAlerts(info, points);
    if (!alerts.length) continue;
    const have = new Set(
      (await db.selectFrom(alertTable).select(['alertType', 'occurredAt']).where('locOrderNo', '=', info.locOrderNo).execute()).map(
        (a) => `${String(a.alertType)}@${iso(a.occurredAt)}`,
      ),
    );
    const now = new Date().toISOString();
    for (const a of alerts.filter((x) => !have.has(`${x.alertType}@${x.occurredAt}`))) {
      await db
        .insertInto(alertTable)
        .values({ ...a, createdAt: now, updatedAt: now, createdBy: 'system', updatedBy: 'system', version: 1 })
        .execute();
      added++;
    }
  }
  return added;
}
