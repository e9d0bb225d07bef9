import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { countRows, dataOf, refusal, signIn, type Caller } from '../../test/dataApi.js';
import { vinCheckChar } from './connector.js';
import { runDueJobs } from '../../jobs/runner.js';
import { maskValue } from '../../data/masking.js';
import { dynamicView } from '../../db/connect.js';

const SHIPMENT = 'alct/shipment';
const VEHICLE = 'alct/vehicle';
const DRIVER = 'alct/driver';
const CONFIG = 'alct/config';

describe.each(dialects())('ALCT pushes and synchronisation on %s', (dialect) => {
  let t: TestApp;
  let custA: Caller;
  let custB: Caller;
  let admin: Caller;
  const logs = (where: Record<string, unknown>) => countRows(t, 'alct_log', where);
  const one = async (c: Caller, page: string, query: string) => {
    const list = dataOf(await c.get(page, query)).list;
    expect(list.length).toBeGreaterThan(0);
    return list[0];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [custA, custB, admin] = await Promise.all(['cust_a', 'cust_b', 'admin'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('pushes a waiting waybill: ALCT accepts signed freight, the amount is the waybill’s driver cost, and the call is logged', async () => {
    const s = await one(custA, SHIPMENT, '?status=pending');
    const before = await logs({ bizNo: s.waybillNo });
    const body = dataOf(await custA.post(SHIPMENT, `/${s.id}/actions/push`, {}));
    expect(body.message).toMatch(/accepted by ALCT as AL\d{14}/);
    const after = body.rows[0];
    const waybill = await t.app.ctx.database.db
      .selectFrom('tms_waybill')
      .selectAll()
      .where('waybillNo', '=', s.waybillNo)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      status: 'accepted',
      amountFen: Number(waybill.driverCostFen),
      plate: waybill.plate,
      driverIdcard: waybill.driverIdcard,
      retries: 0,
    });
    expect(await logs({ bizNo: s.waybillNo, operation: 'pushShipment', result: 'success', createdBy: 'cust_a' })).toBe(before + 1);
    // Pushing it again is refused without a call.
    expect(refusal(await custA.post(SHIPMENT, `/${s.id}/actions/push`, {}), 409).msg).toMatch(/Only waybills still to push/);
    expect(await logs({ bizNo: s.waybillNo })).toBe(before + 1);
  });

  it('records a refusal for an unregistered driver, then accepts the retry once the driver is synchronised', async () => {
    const s = await one(custA, SHIPMENT, '?status=rejected');
    expect(s.errorCode).toBe('DRIVER_NOT_REGISTERED');
    const res = refusal(await custA.post(SHIPMENT, `/${s.id}/actions/retry`, {}), 422);
    expect(res.msg).toMatch(/ALCT rejected YD\d{14}: 司机未在 ALCT 注册/);
    const again = dataOf(await custA.get(SHIPMENT, `/${s.id}`));
    expect(again).toMatchObject({ status: 'rejected', retries: Number(s.retries) + 1 });
    expect(await logs({ bizNo: s.waybillNo, operation: 'retryShipment', result: 'failure' })).toBeGreaterThanOrEqual(2);

    const driver = await one(custA, DRIVER, `?syncStatus=pending`);
    // A customer sees the driver's ID number masked (the shipment names the driver by reference).
    expect(driver.idcard).toBe(maskValue('idcard', s.driverIdcard));
    const synced = dataOf(await custA.post(DRIVER, `/${driver.id}/actions/sync`, {}));
    expect(synced.rows[0]).toMatchObject({ syncStatus: 'synced', realNameVerified: true });
    expect(synced.rows[0].remoteDriverId).toMatch(/^ALD\d{8}$/);

    const ok = dataOf(await custA.post(SHIPMENT, `/${s.id}/actions/retry`, {}));
    expect(ok.rows[0]).toMatchObject({ status: 'accepted', errorCode: null, retries: Number(s.retries) + 2 });
  });

  it('stops retrying at the configuration’s limit without calling ALCT', async () => {
    const s = await one(custB, SHIPMENT, '?status=rejected');
    const config = await one(custB, CONFIG, '');
    expect(config.maxRetries).toBe(2);
    while ((dataOf(await custB.get(SHIPMENT, `/${s.id}`)).retries as number) < 2)
      refusal(await custB.post(SHIPMENT, `/${s.id}/actions/retry`, {}), 422);
    const before = await logs({ bizNo: s.waybillNo });
    expect(refusal(await custB.post(SHIPMENT, `/${s.id}/actions/retry`, {}), 409).msg).toMatch(
      /Already retried 2 times, the configured limit of 2/,
    );
    expect(await logs({ bizNo: s.waybillNo })).toBe(before);
  });

  it('fails a vehicle whose VIN check character is wrong, and syncs it once corrected', async () => {
    const v = await one(custA, VEHICLE, '?syncStatus=failed');
    const res = refusal(await custA.post(VEHICLE, `/${v.id}/actions/sync`, {}), 422);
    expect(res.msg).toMatch(/校验位错误/);
    const failed = dataOf(await custA.get(VEHICLE, `/${v.id}`));
    expect(failed).toMatchObject({ syncStatus: 'failed', retries: Number(v.retries) + 1 });
    const vin = `${v.vin.slice(0, 8)}${vinCheckChar(v.vin)}${v.vin.slice(9)}`;
    const edited = dataOf(await custA.put(VEHICLE, `/${v.id}`, { version: failed.version, vin }));
    const synced = dataOf(await custA.post(VEHICLE, `/${v.id}/actions/sync`, {}));
    expect(edited.vin).toBe(vin);
    expect(synced.rows[0]).toMatchObject({ syncStatus: 'synced', failReason: null });
    expect(await logs({ bizNo: v.plate, operation: 'syncVehicle', result: 'success' })).toBeGreaterThanOrEqual(1);
  });

  it('runs a bulk push row by row and reports each refusal', async () => {
    const pending = await one(custB, SHIPMENT, '?status=pending');
    const accepted = await one(custB, SHIPMENT, '?status=accepted');
    const out = dataOf(await custB.post(SHIPMENT, '/bulk-actions/pushSelected', { ids: [pending.id, accepted.id] }));
    expect(out).toMatchObject({ succeeded: 1, failed: 1 });
    expect(out.results.find((r: { id: number }) => r.id === accepted.id).msg).toMatch(/Only waybills still to push/);
  });

  it('keeps each customer to its own records and refuses inconsistent ones', async () => {
    const other = await one(admin, SHIPMENT, '?partyCode=C1002');
    refusal(await custA.post(SHIPMENT, `/${other.id}/actions/push`, {}), 404);
    const waybillB = (
      await t.app.ctx.database.db
        .selectFrom('tms_waybill')
        .select('waybillNo')
        .where('partyCode', '=', 'C1002')
        .where('status', '=', 'signed')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).waybillNo;
    const res = refusal(await admin.post(SHIPMENT, '', { partyCode: 'C1001', enterpriseCode: 'HDZY31011501', waybillNo: waybillB }), 400);
    expect(JSON.stringify(res.data)).toMatch(/belongs to another customer/);
  });

  it('pushes waiting waybills of a scheduled configuration from the scheduled job, a refusal being that waybill’s outcome', async () => {
    const db = t.app.ctx.database.db;
    const synced = async (table: string, field: string) =>
      new Set(
        (
          await dynamicView(db)
            .selectFrom(table)
            .select(field)
            .where('partyCode', '=', 'C1001')
            .where('syncStatus', '=', 'synced')
            .execute()
        ).map((r) => String((r as Record<string, unknown>)[field])),
      );
    const [plates, drivers] = [await synced('alct_vehicle', 'plate'), await synced('alct_driver', 'idcard')];
    const taken = new Set((await db.selectFrom('alct_shipment').select('waybillNo').execute()).map((r) => String(r.waybillNo)));
    const candidates = (
      await db
        .selectFrom('tms_waybill')
        .select(['waybillNo', 'plate', 'driverIdcard'])
        .where('partyCode', '=', 'C1001')
        .where('status', '=', 'signed')
        .execute()
    ).filter((w) => !taken.has(String(w.waybillNo)));
    const ready = candidates.find((w) => plates.has(String(w.plate)) && drivers.has(String(w.driverIdcard)))!;
    const unknown = candidates.find((w) => !plates.has(String(w.plate)))!;
    const ids = [];
    for (const w of [ready, unknown])
      ids.push(dataOf(await custA.post(SHIPMENT, '', { enterpriseCode: 'HDZY31011501', waybillNo: w.waybillNo }), 201).id);
    await db
      .updateTable('sys_job_schedule')
      .set({ nextRunAt: new Date(Date.now() - 1000).toISOString(), failures: 0 })
      .where('name', '=', 'alctPushPending')
      .execute();
    const [run] = (await runDueJobs(t.app.ctx, 'test')).filter((r) => r.name === 'alctPushPending');
    expect(run).toMatchObject({ status: 'succeeded', rows: 2 });
    const [a, b] = await Promise.all(ids.map(async (id) => dataOf(await custA.get(SHIPMENT, `/${id}`))));
    expect(a).toMatchObject({ status: 'accepted', waybillNo: ready.waybillNo });
    expect(b).toMatchObject({ status: 'rejected', errorCode: 'VEHICLE_NOT_REGISTERED' });
    expect(await logs({ bizNo: ready.waybillNo, operation: 'pushShipment', createdBy: 'system', result: 'success' })).toBe(1);
  });

  it('refuses to call ALCT through a disabled configuration', async () => {
    const config = await one(admin, CONFIG, '?partyCode=C1002');
    dataOf(await admin.put(CONFIG, `/${config.id}`, { version: config.version, status: 'disabled' }));
    const driver = await one(custB, DRIVER, '');
    const before = await logs({ partyCode: 'C1002' });
    expect(refusal(await custB.post(DRIVER, `/${driver.id}/actions/sync`, {}), 409).msg).toMatch(/XNTD51010701 is disabled/);
    expect(await logs({ partyCode: 'C1002' })).toBe(before);
  });
});
