import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveTrackAlerts, type OrderInfo, type TrackPoint } from './trackAlerts.js';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, signIn, type Caller } from '../../test/dataApi.js';
import { jobHandler } from '../../jobs/index.js';

const ORDER: OrderInfo = {
  locOrderNo: 'DW20251120000001',
  waybillNo: 'YD0001',
  partyCode: 'C1001',
  plate: '沪A12345',
  driverIdcard: null,
  intervalMin: 30,
};
const at = (min: number) => new Date(Date.UTC(2025, 10, 20, 0, 0) + min * 60_000).toISOString();
const point = (min: number, lng: number, speedKmh: number | null, resultCode = 'ok'): TrackPoint => ({
  locatedAt: at(min),
  lng,
  lat: 31.2,
  speedKmh,
  resultCode,
});

describe('track alerts from a location order’s points', () => {
  it('finds one signal loss per run of points without a position, and gaps longer than three intervals', () => {
    const points = [
      point(0, 121, 0),
      point(30, 121.2, 60),
      point(60, 121.2, 0, 'noSignal'),
      point(90, 121.2, 0, 'noSignal'),
      point(120, 121.6, 70),
      point(330, 122.4, 65),
      point(360, 122.6, 0),
    ];
    const alerts = deriveTrackAlerts(ORDER, points);
    expect(alerts.map((a) => [a.alertType, a.occurredAt, a.durationMin, a.level])).toEqual([
      ['signalLost', at(60), 60, 'medium'],
      ['signalLost', at(120), 210, 'medium'],
    ]);
    expect(alerts[0].description).toContain('连续 2 次未取得位置（无信号）');
    expect([alerts[0].longitude, alerts[0].latitude]).toEqual([121.2, 31.2]);
  });

  it('finds a stop of two hours on the way, not while loading or unloading', () => {
    const points = [
      point(0, 121, 0),
      point(30, 121, 0),
      point(60, 121.3, 60),
      point(90, 121.5, 0),
      point(120, 121.5, 0),
      point(150, 121.5, 0),
      point(210, 121.5, 0),
      point(240, 121.8, 50),
      point(270, 122, 0),
      point(600, 122, 0),
    ];
    const alerts = deriveTrackAlerts(ORDER, points);
    expect(alerts.map((a) => [a.alertType, a.occurredAt, a.durationMin])).toEqual(
      [
        ['signalLost', at(270), 330],
        ['longStop', at(90), 150],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    expect(deriveTrackAlerts(ORDER, points.slice(0, 6)).filter((a) => a.alertType === 'longStop')).toEqual([]);
  });
});

describe.each(dialects())('track alerts on the supervision page on %s', (dialect) => {
  let t: TestApp;
  let custA: Caller;
  let admin: Caller;
  const run = () => jobHandler('trackAlerts')!(t.app.ctx, { now: new Date(), log: () => undefined });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- list rows are JSON
  const list = async (c: Caller, page: string, query: string): Promise<any[]> => dataOf(await c.get(page, query)).list;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a')]);
  });
  afterAll(async () => t?.close());

  it('derives the demo orders’ signal losses once, and shows them with the waybill', async () => {
    const first = await run();
    expect(first!.rows).toBeGreaterThan(0);
    expect((await run())!.rows).toBe(0);
    const derived = await list(admin, 'tms/supervision/trackMonitor', '?size=100&alertType=signalLost');
    const fromOrders = derived.filter((a) => a.locOrderNo);
    expect(fromOrders.length).toBe(first!.rows);
    const mine = await list(custA, 'tms/supervision/trackMonitor', '?size=100&alertType=signalLost');
    expect(mine.every((a) => a.partyCode === 'C1001')).toBe(true);
    const alert = mine.find((a) => a.locOrderNo)!;
    // The lost point is in the order's log, and the waybill's detail lists both.
    const points = await list(custA, 'location/orderLog', `?size=100&parent=${alert.waybillNo}&parentField=waybillNo`);
    expect(points.some((p) => p.resultCode !== 'ok' && p.locatedAt === alert.occurredAt)).toBe(true);
    const alerts = await list(custA, 'tms/supervision/trackMonitor', `?size=100&parent=${alert.waybillNo}&parentField=waybillNo`);
    expect(alerts.map((a) => a.id)).toContain(alert.id);
  });
});
