import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { envelope, signIn, type Caller } from '../test/dataApi.js';
import { sequenceDay } from './sequence.js';

const ORDERS = 'tms/order/order_manage';

describe.each(dialects())('server-numbered documents and state-bound editing on %s', (dialect) => {
  let t: TestApp;
  let cust: Caller;
  let shipperCode: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cust = await signIn(t.app, 'cust_a');
    const shippers = envelope(await cust.get('tms/base/shipper', '?size=1')).data;
    shipperCode = shippers.list[0].code;
  });
  afterAll(async () => {
    await t.close();
  });

  const order = () => ({
    shipperCode,
    businessLine: 'ftl',
    goodsName: '冷轧钢卷',
    goodsType: 'steel',
    weightKg: 32000,
    vehicleType: 'tractor',
    originRegion: ['310000', '310100', '310115'],
    destRegion: ['510000', '510100', '510104'],
    quotedFreightFen: 1_280_000,
  });

  it('numbers a new order itself, prefix and China-time date first, one more each time', async () => {
    const a = envelope(await cust.post(ORDERS, '', order()), 201).data;
    const b = envelope(await cust.post(ORDERS, '', order()), 201).data;
    const stem = `DD${sequenceDay()}`;
    expect(a.orderNo).toMatch(new RegExp(`^${stem}\\d{6}$`));
    expect(Number(b.orderNo.slice(stem.length))).toBe(Number(a.orderNo.slice(stem.length)) + 1);
  });

  it('keeps a number the caller gives, and refuses a taken one', async () => {
    const own = `DD${sequenceDay()}900001`;
    expect(envelope(await cust.post(ORDERS, '', { ...order(), orderNo: own }), 201).data.orderNo).toBe(own);
    const again = envelope(await cust.post(ORDERS, '', { ...order(), orderNo: own }), 400);
    expect(again.data.fieldErrors.orderNo).toBeTruthy();
  });

  it('allows edits only in the states the schema names', async () => {
    const created = envelope(await cust.post(ORDERS, '', order()), 201).data;
    const admin = await signIn(t.app, 'admin');
    const edited = envelope(await admin.put(ORDERS, `/${created.id}`, { goodsName: '热轧卷板', version: created.version })).data;
    expect(edited.goodsName).toBe('热轧卷板');
    const cancelled = envelope(
      await admin.post(ORDERS, `/${created.id}/transitions/cancel`, { cancelReason: '客户取消', version: edited.version }),
    ).data;
    expect(cancelled.status).toBe('cancelled');
    const refused = envelope(await admin.put(ORDERS, `/${created.id}`, { goodsName: '又改了', version: cancelled.version }), 409);
    expect(refused.msg).toMatch(/cancelled/);
    expect(envelope(await cust.get(ORDERS, `/${created.id}`)).data.goodsName).toBe('热轧卷板');
  });
});
