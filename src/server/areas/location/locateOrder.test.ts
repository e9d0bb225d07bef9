import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../../test/dataApi.js';
import { dynamicView } from '../../db/connect.js';

const ORDER = 'location/order';
const TRACK = 'customerConfig/vehicleTrack';

describe.each(dialects())('locating a location order on %s', (dialect) => {
  let t: TestApp;
  let custA: Caller;
  let custB: Caller;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const count = async (table: string, where: Record<string, string>) => {
    let q = dynamicView(db())
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'));
    for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const balance = async (partyCode: string) =>
    Number(
      (await db().selectFrom('cm_service_account').select('balanceFen').where('partyCode', '=', partyCode).executeTakeFirstOrThrow())
        .balanceFen,
    );
  const firstOrder = async (who: Caller, query: string) => dataOf(await who.get(ORDER, `?${query}`)).list[0];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [custA, custB, admin] = await Promise.all(['cust_a', 'cust_b', 'admin'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('demo orders belong to demo waybills of the same organisation, and their positions add up to the order', async () => {
    const orders = await db().selectFrom('loc_order').selectAll().execute();
    expect(orders.length).toBeGreaterThanOrEqual(8);
    for (const o of orders) {
      const wb = await db()
        .selectFrom('tms_waybill')
        .select(['partyCode', 'plate'])
        .where('waybillNo', '=', o.waybillNo)
        .executeTakeFirstOrThrow();
      expect(wb).toEqual({ partyCode: o.partyCode, plate: o.plate });
      const points = await db().selectFrom('loc_order_log').selectAll().where('locOrderNo', '=', o.locOrderNo).execute();
      expect(points.length).toBe(Number(o.pointCount));
      expect(points.reduce((s, p) => s + Number(p.feeFen), 0)).toBe(Number(o.feeFen));
      for (const p of points) {
        expect(Date.parse(String(p.locatedAt))).toBeGreaterThanOrEqual(Date.parse(String(o.startAt)));
        expect(Date.parse(String(p.locatedAt))).toBeLessThanOrEqual(Date.parse(String(o.endAt)));
        expect(Math.round(Number(p.lng) * 1e6) / 1e6).toBe(Number(p.lng));
      }
    }
  });

  it('locates a tracking order through the gateway: the position is logged, the order counted, the call metered', async () => {
    const order = await firstOrder(custA, 'status=tracking&method=beidou');
    const before = await balance('C1001');
    const res = await custA.post(ORDER, `/${order.id}/actions/locate`, {});
    const point = dataOf(res).point;
    expect(point).toMatchObject({ locOrderNo: order.locOrderNo, waybillNo: order.waybillNo, resultCode: 'ok', charged: true });
    expect(point.lng).toBeGreaterThan(73.5);
    expect(point.lat).toBeLessThan(53.6);
    const logged = await db().selectFrom('loc_order_log').selectAll().where('requestId', '=', point.requestId).executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ partyCode: 'C1001', locOrderNo: order.locOrderNo, feeFen: point.feeFen });
    const consumed = await db()
      .selectFrom('cm_consume_log')
      .select('amountFen')
      .where('requestId', '=', point.requestId)
      .executeTakeFirstOrThrow();
    expect(Number(consumed.amountFen)).toBe(point.feeFen);
    expect(await count('cust_service_log', { requestId: point.requestId, service: 'vehicleTrack', result: 'success' })).toBe(1);
    expect(await balance('C1001')).toBe(before - point.feeFen);
    const after = dataOf(await custA.get(ORDER, `/${order.id}`));
    expect(after.pointCount).toBe(order.pointCount + 1);
    expect(after.feeFen).toBe(order.feeFen + point.feeFen);
  });

  it('refuses an order that is not tracking, and a phone order cannot start before the driver agrees', async () => {
    const order = await firstOrder(custA, 'status=created&method=phoneLbs');
    expect(order.consentStatus).toBe('pending');
    const calls = await count('cust_service_log', { partyCode: 'C1001', service: 'vehicleTrack' });
    expect(refusal(await custA.post(ORDER, `/${order.id}/actions/locate`, {}), 409).msg).toMatch(/tracking/);
    expect(await count('cust_service_log', { partyCode: 'C1001', service: 'vehicleTrack' })).toBe(calls);
    expect(refusal(await custA.post(ORDER, `/${order.id}/transitions/start`, {}), 400).data.fieldErrors.consentStatus).toMatch(
      /not agreed/,
    );
  });

  it('lets a customer locate only its own organisation’s orders', async () => {
    const other = await firstOrder(admin, 'status=tracking&partyCode=C1002');
    refusal(await custA.post(ORDER, `/${other.id}/actions/locate`, {}), 404);
  });

  it('answers the gateway’s refusal when the customer’s vehicle-track service is disabled, and records no position', async () => {
    const config = dataOf(await admin.get(TRACK, '?partyCode=C1002')).list[0];
    dataOf(await admin.put(TRACK, `/${config.id}`, { version: config.version, status: 'disabled' }));
    const order = await firstOrder(custB, 'status=tracking');
    const points = await count('loc_order_log', { locOrderNo: order.locOrderNo });
    expect(refusal(await custB.post(ORDER, `/${order.id}/actions/locate`, {}), 409).msg).toMatch(/refused/);
    expect(await count('loc_order_log', { locOrderNo: order.locOrderNo })).toBe(points);
  });

  it('asks the driver of a phone order for consent by SMS through the gateway; once the reply is recorded the order can start', async () => {
    const order = await firstOrder(custA, 'status=created&method=phoneLbs');
    const res = await custA.post(ORDER, `/${order.id}/actions/requestConsent`, {});
    expect(dataOf(res).message).toMatch(/Consent SMS sent to 1\d{2}\*{4}\d{4}/);
    const sms = await db()
      .selectFrom('cust_service_log')
      .selectAll()
      .where('service', '=', 'sms')
      .where('bizNo', '=', order.locOrderNo)
      .execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ partyCode: 'C1001', result: 'success' });
    const asked = dataOf(await custA.get(ORDER, `/${order.id}`));
    expect(asked.consentStatus).toBe('pending');
    expect(Date.parse(asked.consentSmsAt)).toBeGreaterThan(Date.parse(order.consentSmsAt));
    const beidou = await firstOrder(custA, 'method=beidou');
    refusal(await custA.post(ORDER, `/${beidou.id}/actions/requestConsent`, {}), 409);
    const replied = new Date(Date.parse(asked.consentSmsAt) + 60_000).toISOString();
    dataOf(await custA.put(ORDER, `/${order.id}`, { version: asked.version, consentStatus: 'granted', consentAt: replied }));
    expect(dataOf(await custA.post(ORDER, `/${order.id}/transitions/start`, {})).status).toBe('tracking');
  });

  it('checks the domain rules on writes: port range, time window, consent for phone positioning, own waybill', async () => {
    const proxy = { name: '测试代理', host: '10.1.2.3', port: 70000, protocol: 'http', purpose: 'providerApi', status: 'enabled' };
    expect(refusal(await admin.post('location/proxy', '', proxy), 400).data.fieldErrors.port).toBeTruthy();
    dataOf(await admin.post('location/proxy', '', { ...proxy, port: 8080 }), 201);
    const wb = await db()
      .selectFrom('tms_waybill')
      .select(['waybillNo', 'plate'])
      .where('partyCode', '=', 'C1001')
      .executeTakeFirstOrThrow();
    const order = {
      waybillNo: wb.waybillNo,
      method: 'beidou',
      plate: wb.plate,
      plateColor: 'yellow',
      startAt: '2026-12-01T08:00:00.000Z',
      endAt: '2026-12-02T08:00:00.000Z',
      intervalMin: 10,
      coordSystem: 'GCJ02',
      consentStatus: 'notRequired',
    };
    expect(refusal(await custA.post(ORDER, '', { ...order, endAt: '2026-11-30T08:00:00.000Z' }), 400).data.fieldErrors.endAt).toBeTruthy();
    expect(
      refusal(await custA.post(ORDER, '', { ...order, method: 'phoneLbs', driverMobile: '13812345678' }), 400).data.fieldErrors
        .consentStatus,
    ).toBeTruthy();
    const otherWb = await db().selectFrom('tms_waybill').select('waybillNo').where('partyCode', '=', 'C1002').executeTakeFirstOrThrow();
    refusal(await custA.post(ORDER, '', { ...order, waybillNo: otherWb.waybillNo }), 400);
    const created = dataOf(await custA.post(ORDER, '', order), 201);
    expect(created.locOrderNo).toMatch(/^DW\d{14}$/);
    expect(created.status).toBe('created');
  });
});
