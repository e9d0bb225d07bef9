import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { bearer } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const BOARD = 'digitalLogistics/platform';
const TABS = 'digitalLogistics/log';
const WAYBILLS = 'tms/waybill/waybill';

type Groups = { key: string | null; [measure: string]: number | string | null }[];
interface Answer {
  figures: Record<string, number | null>;
  charts: Record<string, Groups>;
}

const total = async (who: Caller, query = '') => dataOf(await who.get(WAYBILLS, `?size=1${query}`)).total as number;
const sum = (groups: Groups, measure: string) => groups.reduce((s, g) => s + Number(g[measure] ?? 0), 0);

describe.each(dialects())('dashboard aggregates and tabs on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => {
    await t.close();
  });

  it('computes the declared figures over the whole platform for staff, equal to what the list counts', async () => {
    const a = dataOf<Answer>(await admin.get(BOARD, '/dashboard'));
    expect(a.figures.waybills).toBe(await total(admin));
    expect(a.figures.inTransit).toBe(await total(admin, '&status=inTransit'));
    expect(a.figures.exceptions).toBe(await total(admin, '&exceptionFlag=true'));
    expect(a.figures.freight).toBeGreaterThan(0);
    expect(sum(a.charts.byState, 'waybills')).toBe(a.figures.waybills);
    expect(sum(a.charts.byOrigin, 'waybills')).toBe(a.figures.waybills);
  });

  it('gives a customer only its own organisation’s figures', async () => {
    const all = dataOf<Answer>(await admin.get(BOARD, '/dashboard'));
    const own = dataOf<Answer>(await custA.get(BOARD, '/dashboard'));
    const ownTotal = await total(custA);
    expect(ownTotal).toBeGreaterThan(0);
    expect(own.figures.waybills).toBe(ownTotal);
    expect(own.figures.waybills).toBeLessThan(all.figures.waybills!);
    expect(own.figures.inTransit).toBe(await total(custA, '&status=inTransit'));
    expect(sum(own.charts.byState, 'waybills')).toBe(ownTotal);
    expect(sum(own.charts.byGoods, 'weight')).toBeLessThan(sum(all.charts.byGoods, 'weight'));
  });

  it('groups the map by province code and the line by day over its last 30 days', async () => {
    const a = dataOf<Answer>(await admin.get(BOARD, '/dashboard'));
    const provinces = a.charts.byOrigin.map((g) => g.key).filter((k) => k !== null);
    expect(provinces.length).toBeGreaterThan(3);
    for (const code of provinces) expect(code).toMatch(/^\d{2}0000$/);
    const days = a.charts.perDay.map((g) => String(g.key));
    const oldest = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    for (const d of days) {
      expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d >= oldest).toBe(true);
    }
    expect([...days].sort()).toEqual(days);
  });

  it('answers 404 for a page that is not a dashboard and refuses a caller without a session', async () => {
    refusal(await admin.get(WAYBILLS, '/dashboard'), 404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/open-platform/data/${encodeURIComponent(BOARD)}/dashboard` });
    expect(anonymous.json().status).not.toBe(0);
  });

  it('names in a tabs page’s schema only the tabs the caller may read', async () => {
    const schema = async (who: Caller) =>
      (await t.app.inject({ method: 'GET', url: `/open-platform/schemas/${encodeURIComponent(TABS)}`, headers: bearer(who.token) })).json()
        .data;
    const full = await schema(custA);
    expect(full.page.tabs.map((tab: { page: string }) => tab.page)).toEqual([
      'tms/supervision/trackMonitor',
      'tms/CustomerService/AbnormalTran',
      'tms/report/freightReport',
    ]);
    expect(full.messages['pages.digitalLogistics.log.tabs.track']).toBeTruthy();
    // The customer role loses the monthly report: its tab goes, the others stay.
    const role = await t.app.inject({
      method: 'GET',
      url: '/open-platform/data/platformUser%2FroleManage?code=CUSTOMER_ADMIN',
      headers: bearer(admin.token),
    });
    const record = role.json().data.list[0];
    const grants = typeof record.grants === 'string' ? JSON.parse(record.grants) : record.grants;
    delete grants['tms/report/freightReport'];
    const saved = await admin.put('platformUser/roleManage', `/${record.id}`, { grants, version: record.version });
    expect(saved.json().status).toBe(0);
    const fewer = await schema(await signIn(t.app, 'cust_a'));
    expect(fewer.page.tabs.map((tab: { page: string }) => tab.page)).toEqual([
      'tms/supervision/trackMonitor',
      'tms/CustomerService/AbnormalTran',
    ]);
  });
});
