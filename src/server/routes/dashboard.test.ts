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

    const get = async (c: Caller, url: string) => dataOf(await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${c.token}` } }));

    it('counts open exceptions as the exception queue’s to-do counter does', async () => {
      for (const c of [admin, custA]) {
        const dash = await get(c, '/open-platform/dashboard');
        const todo = await get(c, '/open-platform/todoCount');
        expect(dash.figures.exceptionsOpen).toBe(todo.transport_abnormal_count);
      }
      expect((await get(admin, '/open-platform/dashboard')).figures.exceptionsOpen).toBeGreaterThan(0);
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
