import type { AppContext } from '../../context.js';
import type { DemoGenerator } from '../../db/demoGenerators.js';
import { freightDataset, insertRows } from '../../demo/freight.js';
import { Rng } from '../../sampleData/rng.js';
import { HUBS, type Hub } from '../../sampleData/freightData.js';

/**
 * Demo location orders for real demo waybills, and the positions they received: points along the
 * waybill's route (origin hub to destination hub) at the order's interval, inside its window.
 * Waybills are read from the database when it has them (a table added to an older demo database),
 * else from the freight dataset being seeded in the same start.
 */

type Row = Record<string, unknown>;
const MIN = 60_000;
const HOUR = 60 * MIN;
const CST = 8 * HOUR;
const HUB_LIST = Object.values(HUBS);
/** Fee per located point in fen: the demo customers' vehicle-track price (customerConfig/vehicleTrack). */
const POINT_FEE = 5;

const iso = (ms: number) => new Date(ms).toISOString();
/** Times come back as text from SQLite and as Date from PostgreSQL. */
const msOf = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
const ymd = (ms: number) => new Date(ms + CST).toISOString().slice(0, 10).replace(/-/g, '');
const codes = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' && v.startsWith('[') ? (JSON.parse(v) as unknown[]).map(String) : [];
function hubOf(region: unknown): Hub {
  const c = codes(region);
  return (
    HUB_LIST.find((h) => h.area === c[c.length - 1]) ??
    HUB_LIST.find((h) => h.region[1] === c[1]) ??
    HUB_LIST.find((h) => h.region[0] === c[0]) ??
    HUBS.shanghai
  );
}
const toMinute = (ms: number) => Math.round(ms / MIN) * MIN;
const INTERVALS = [10, 15, 20, 30, 60, 120, 180, 240];
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const kmBetween = (a: Hub, b: Hub) => Math.round(Math.hypot((a.lng - b.lng) * 95, (a.lat - b.lat) * 111));

interface Plan {
  w: Row;
  method: 'beidou' | 'phoneLbs' | 'miniGps';
  outcome: 'tracking' | 'finished' | 'created' | 'cancelled';
  consent?: 'granted' | 'pending' | 'refused';
}

async function sourceRows(ctx: AppContext): Promise<{ waybills: Row[]; drivers: Row[]; vehicles: Row[] }> {
  const db = ctx.database.db;
  const waybills = (await db.selectFrom('tms_waybill').selectAll().execute()) as Row[];
  if (waybills.length) {
    return {
      waybills,
      drivers: (await db.selectFrom('tms_driver').selectAll().execute()) as Row[],
      vehicles: (await db.selectFrom('tms_vehicle').selectAll().execute()) as Row[],
    };
  }
  const t = freightDataset(ctx).tables;
  return { waybills: t['tms/waybill/waybill'] ?? [], drivers: t['tms/base/driver'] ?? [], vehicles: t['tms/base/vehicle'] ?? [] };
}

/** Which waybills get an order, per organisation: the latest in each state, so every case shows. */
function plansFor(waybills: Row[], party: string): Plan[] {
  const mine = waybills.filter((w) => w.partyCode === party).sort((a, b) => msOf(b.createdAt) - msOf(a.createdAt));
  const take = (states: string[], n: number) => mine.filter((w) => states.includes(String(w.status))).slice(0, n);
  const moving = take(['inTransit'], 2);
  const done = mine
    .filter((w) => ['delivered', 'signed', 'settled'].includes(String(w.status)) && w.deliveredAt)
    .filter((_, i) => i === 3 || i === 20);
  const waiting = take(['created', 'loading'], 2);
  const plans: Plan[] = [];
  if (moving[0]) plans.push({ w: moving[0], method: 'beidou', outcome: 'tracking' });
  if (moving[1]) plans.push({ w: moving[1], method: 'phoneLbs', outcome: 'tracking', consent: 'granted' });
  if (done[0]) plans.push({ w: done[0], method: 'beidou', outcome: 'finished' });
  if (done[1])
    plans.push({
      w: done[1],
      method: party === 'C1001' ? 'miniGps' : 'phoneLbs',
      outcome: 'finished',
      consent: party === 'C1001' ? undefined : 'granted',
    });
  if (waiting[0]) plans.push({ w: waiting[0], method: 'phoneLbs', outcome: 'created', consent: 'pending' });
  if (waiting[1] && party === 'C1001') plans.push({ w: waiting[1], method: 'phoneLbs', outcome: 'cancelled', consent: 'refused' });
  return plans;
}

function build(src: { waybills: Row[]; drivers: Row[]; vehicles: Row[] }, now: number): { orders: Row[]; logs: Row[] } {
  const rng = new Rng(0x10c_2026);
  const driverOf = new Map(src.drivers.map((d) => [d.idcard, d]));
  const vehicleOf = new Map(src.vehicles.map((v) => [v.plate, v]));
  const orders: Row[] = [];
  const logs: Row[] = [];
  const apps: Record<string, Partial<Record<Plan['method'], string>>> = {
    C1001: { beidou: 'LA20251103000001', phoneLbs: 'LA20251103000001', miniGps: 'LA20251103000002' },
    C1002: { beidou: 'LA20251104000001', phoneLbs: 'LA20251104000001', miniGps: 'LA20251104000001' },
  };
  const plans = [...plansFor(src.waybills, 'C1001'), ...plansFor(src.waybills, 'C1002')];
  for (const p of plans) {
    const w = p.w;
    const from = hubOf(w.originRegion);
    let to = hubOf(w.destRegion);
    if (to === from) to = HUB_LIST[(HUB_LIST.indexOf(from) + 3) % HUB_LIST.length];
    const created = msOf(w.createdAt);
    const loaded = w.loadedAt ? msOf(w.loadedAt) : created + 6 * HOUR;
    const travel = Math.max(2 * HOUR, (Number(w.distanceKm ?? kmBetween(from, to)) / 60) * HOUR);
    const arrived = w.deliveredAt ? msOf(w.deliveredAt) : loaded + travel;
    const startAt = toMinute(loaded - 30 * MIN);
    const endAt = toMinute(p.outcome === 'finished' ? arrived + 2 * HOUR : Math.max(loaded + travel + 12 * HOUR, now + 6 * HOUR));
    const orderedAt = Math.min(startAt - 2 * HOUR, now - HOUR);
    // The order's interval gives about ten points for a whole trip; the last one is the arrival.
    const intervalMin = INTERVALS.find((m) => m * MIN * 9 >= arrived - loaded) ?? INTERVALS[INTERVALS.length - 1];
    const until = p.outcome === 'finished' ? arrived : p.outcome === 'tracking' ? Math.min(now, endAt) : 0;
    const times: number[] = [];
    for (let t = loaded; t <= until; t += intervalMin * MIN) times.push(t);
    if (p.outcome === 'finished' && times[times.length - 1] < arrived) times.push(arrived);
    const locOrderNo = `tmp${orders.length}`;
    const coordSystem = p.method === 'beidou' ? 'WGS84' : 'GCJ02';
    const heading = Math.round((Math.atan2(to.lng - from.lng, to.lat - from.lat) * 180) / Math.PI + 360) % 360;
    const km = kmBetween(from, to);
    const lost = rng.int(2, 6);
    let count = 0;
    let fee = 0;
    let last: number | null = null;
    let prev = { lng: from.lng, lat: from.lat };
    for (const [k, t] of times.entries()) {
      const f = Math.min(1, (t - loaded) / Math.max(1, arrived - loaded));
      const wiggle = Math.sin(k * 1.3 + km) * 0.04 * Math.sin(Math.PI * f);
      const ok = !(p.outcome === 'finished' && k === lost && k < times.length - 1);
      const pos = ok
        ? { lng: round6(from.lng + (to.lng - from.lng) * f + wiggle), lat: round6(from.lat + (to.lat - from.lat) * f - wiggle) }
        : prev;
      const address =
        f === 0
          ? `${from.name} 装货地`
          : f >= 1
            ? `${to.name} 卸货地`
            : `${from.name}→${to.name} 途中，距${from.name}约 ${Math.round(km * f)} 公里`;
      logs.push({
        partyCode: w.partyCode,
        locOrderNo,
        waybillNo: w.waybillNo,
        locatedAt: iso(t),
        method: p.method,
        lng: pos.lng,
        lat: pos.lat,
        coordSystem,
        speedKmh: !ok || f === 0 || f >= 1 ? 0 : 55 + rng.int(0, 30),
        heading: ok ? heading : null,
        address: ok ? address : null,
        resultCode: ok ? 'ok' : p.method === 'beidou' ? 'noSignal' : 'offline',
        charged: ok,
        feeFen: ok ? POINT_FEE : 0,
        requestId: `${locOrderNo}-${String(k + 1).padStart(3, '0')}`,
        createdAt: iso(t + MIN),
        updatedAt: iso(t + MIN),
        createdBy: 'system',
        updatedBy: 'system',
        version: 1,
      });
      prev = pos;
      count++;
      if (ok) {
        fee += POINT_FEE;
        last = t;
      }
    }
    const driver = driverOf.get(w.driverIdcard);
    const vehicle = vehicleOf.get(w.plate);
    const smsAt = orderedAt + 2 * MIN;
    const consentAt = p.consent === 'granted' || p.consent === 'refused' ? smsAt + rng.int(3, 40) * MIN : null;
    orders.push({
      partyCode: w.partyCode,
      locOrderNo,
      waybillNo: w.waybillNo,
      appKey: apps[String(w.partyCode)]?.[p.method] ?? null,
      method: p.method,
      plate: w.plate,
      plateColor: vehicle?.plateColor ?? 'yellow',
      driverName: driver?.name ?? null,
      driverMobile: driver?.phone ?? null,
      startAt: iso(startAt),
      endAt: iso(endAt),
      intervalMin,
      coordSystem,
      consentStatus: p.consent ?? 'notRequired',
      consentSmsAt: p.consent ? iso(smsAt) : null,
      consentAt: consentAt === null ? null : iso(consentAt),
      pointCount: count,
      lastLocatedAt: last === null ? null : iso(last),
      feeFen: fee,
      status: p.outcome,
      cancelReason: p.outcome === 'cancelled' ? '司机拒绝手机定位授权，改用北斗车载定位' : null,
      remark: `${from.name}→${to.name}，约 ${km} 公里`,
      createdAt: iso(orderedAt),
      updatedAt: iso(Math.min(now, Math.max(orderedAt, last ?? consentAt ?? orderedAt))),
      createdBy: 'system',
      updatedBy: 'system',
      version: 1,
    });
  }
  // Order numbers count up through each China day in the order the orders were placed.
  orders.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  const seq = new Map<string, number>();
  const numbers = new Map<unknown, string>();
  for (const o of orders) {
    const day = `DW${ymd(Date.parse(String(o.createdAt)))}`;
    seq.set(day, (seq.get(day) ?? 0) + 1);
    numbers.set(o.locOrderNo, `${day}${String(seq.get(day)).padStart(6, '0')}`);
    o.locOrderNo = numbers.get(o.locOrderNo);
  }
  for (const l of logs) l.requestId = `${numbers.get(l.locOrderNo)}${String(l.requestId).slice(String(l.locOrderNo).length)}`;
  for (const l of logs) l.locOrderNo = numbers.get(l.locOrderNo);
  return { orders, logs };
}

const built = new WeakMap<AppContext, Promise<{ orders: Row[]; logs: Row[] }>>();
const dataset = (ctx: AppContext) => {
  let p = built.get(ctx);
  if (!p) built.set(ctx, (p = sourceRows(ctx).then((src) => build(src, Date.now()))));
  return p;
};

export const locationGenerators: Record<string, DemoGenerator> = {
  'location/order': async (ctx, page) =>
    ctx.schemas.pages.has('tms/waybill/waybill') ? insertRows(ctx, page, (await dataset(ctx)).orders) : 0,
  'location/orderLog': async (ctx, page) =>
    ctx.schemas.pages.has('tms/waybill/waybill') ? insertRows(ctx, page, (await dataset(ctx)).logs) : 0,
};
