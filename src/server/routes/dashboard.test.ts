import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';

for (const dialect of dialects()) {
  describe(`management centre figures on ${dialect}`, () => {
    let t: TestApp;
    let admin: Caller;
    let custA: Caller;
    beforeAll(async () => {
      t = await createTestApp(dialect, { seedDemo: true });
      admin = await signIn(t.app, 'admin');
      custA = await signIn(t.app, 'cust_a');
    });
    afterAll(async () => t?.close());

    const get = async (c: Caller, url: string) =>
      dataOf(await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${c.token}` } }));

    it('counts open exceptions as the exception queue’s to-do counter does', async () => {
      const dash = await get(admin, '/open-platform/dashboard');
      const todo = await get(admin, '/open-platform/todoCount');
      expect(dash.figures.exceptionsOpen).toBe(todo.transport_abnormal_count);
      expect(dash.figures.exceptionsOpen).toBeGreaterThan(0);
    });

    it('gives a user only the to-do counters of queues they can work, not those they may only read', async () => {
      expect(Object.keys(await get(admin, '/open-platform/todoCount'))).toHaveLength(10);
      const mine = await get(custA, '/open-platform/todoCount');
      // A customer edits its own orders with missing data; reviews, exceptions and remittances are the platform's work.
      expect(mine.miss_order_count).toBeGreaterThanOrEqual(0);
      for (const name of [
        'auth_shipper_count',
        'auth_count',
        'transport_abnormal_count',
        'transfer_apply_count',
        'urge_remit_count',
        'need_invoice',
      ]) {
        expect(mine).not.toHaveProperty(name);
      }
      // Their open exceptions are still a figure of their business on the dashboard.
      expect((await get(custA, '/open-platform/dashboard')).figures).toHaveProperty('exceptionsOpen');
    });

    it('names the shipper of each latest waybill, within the caller’s organisation', async () => {
      const dash = await get(custA, '/open-platform/dashboard');
      expect(dash.latest.length).toBeGreaterThan(0);
      const shippers = await get(custA, `/open-platform/data/${encodeURIComponent('tms/base/shipper')}?size=1000`);
      const names = new Map(shippers.list.map((s: { code: string; name: string }) => [s.code, s.name]));
      for (const row of dash.latest) expect(row.shipperName).toBe(names.get(row.shipperCode));
    });
  });
}
