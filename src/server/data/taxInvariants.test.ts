import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';
import { toRecord } from './rows.js';
import { computeValues } from '../../shared/schema/computed.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { dynamicView } from '../db/connect.js';

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);

/**
 * The tax figures of the demo data add up: each tax order is the tax withheld on its settlement,
 * each declaration is exactly the sum of its tax orders (also after declarations are filed at the
 * same time), and personal aggregates and declarations sum the orders by period and driver.
 */
describe.each(dialects())('tax invariants on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const page = (id: string) => t.app.ctx.schemas.pages.get(id) as PageSchema;
  const all = async (pageId: string): Promise<Row[]> => {
    const p = page(pageId);
    const rows = await dynamicView(db()).selectFrom(p.resource!.table).selectAll().orderBy('id').execute();
    return rows.map((r) => ({ ...toRecord(p, r as Row), partyCode: (r as Row).partyCode }));
  };
  const group = (rows: Row[], key: (r: Row) => string) => {
    const out = new Map<string, Row[]>();
    for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
    return out;
  };
  const sum = (rows: Row[], f: string) => rows.reduce((s, r) => s + n(r[f]), 0);

  /** Every order declaration against the sums of its orders; the names of those that differ. */
  const declarationsOff = async () => {
    const orders = group(await all('taxManage/taxOrder'), (o) => String(o.declarationNo));
    return (await all('taxManage/orderDeclaration'))
      .filter((d) => {
        const own = orders.get(String(d.declarationNo)) ?? [];
        return (
          own.length !== n(d.orderCount) ||
          sum(own, 'incomeFen') !== n(d.incomeTotalFen) ||
          sum(own, 'vatFen') !== n(d.vatTotalFen) ||
          sum(own, 'surchargeFen') !== n(d.surchargeTotalFen) ||
          sum(own, 'stampFen') !== n(d.stampTotalFen) ||
          sum(own, 'iitFen') !== n(d.iitTotalFen) ||
          sum(own, 'taxTotalFen') !== n(d.taxTotalFen) ||
          own.some((o) => o.partyCode !== d.partyCode || o.period !== d.period)
        );
      })
      .map((d) => d.declarationNo);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => t?.close());

  it('makes one tax order per confirmed settlement with withheld taxes, its taxes exactly the settlement’s', async () => {
    const settlements = (await all('tms/settlement/settlement')).filter((s) => s.taxWithheld && s.status !== 'pending');
    const orders = await all('taxManage/taxOrder');
    expect(orders.length).toBeGreaterThan(50);
    const bySettlement = new Map(orders.map((o) => [String(o.settlementNo), o]));
    expect(new Set(bySettlement.keys())).toEqual(new Set(settlements.map((s) => String(s.settlementNo))));
    const p = page('taxManage/taxOrder');
    for (const s of settlements) {
      const o = bySettlement.get(String(s.settlementNo))!;
      expect({
        no: o.taxOrderNo,
        party: o.partyCode,
        driver: o.driverIdcard,
        income: o.incomeFen,
        tax: o.taxTotalFen,
        waybills: o.waybillNos,
      }).toEqual({
        no: o.taxOrderNo,
        party: s.partyCode,
        driver: s.driverIdcard,
        income: n(s.freightFen) + n(s.extraFeeFen) - n(s.deductionFen),
        tax: s.withheldTaxFen,
        waybills: [s.waybillNo],
      });
      expect(computeValues(p, o, 'stored')).toMatchObject({ taxTotalFen: o.taxTotalFen, vatFen: o.vatFen });
    }
  });

  it('makes every order declaration exactly the sum of its tax orders, and leaves no ended period undeclared', async () => {
    expect(await declarationsOff()).toEqual([]);
    const current = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const orders = await all('taxManage/taxOrder');
    expect(orders.filter((o) => String(o.period) < current && !o.declarationNo).map((o) => o.taxOrderNo)).toEqual([]);
    expect(orders.filter((o) => String(o.period) >= current && o.declarationNo).map((o) => o.taxOrderNo)).toEqual([]);
  });

  it('sums the orders per driver and period in personal declarations and aggregates, flagging incomes over the cap', async () => {
    const byDriver = group(await all('taxManage/taxOrder'), (o) => `${o.partyCode}|${o.period}|${o.driverIdcard}`);
    for (const d of await all('taxManage/personalDeclaration')) {
      const own = byDriver.get(`${d.partyCode}|${d.period}|${d.driverIdcard}`) ?? [];
      expect([d.declarationNo, n(d.incomeFen), n(d.dueFen)]).toEqual([d.declarationNo, sum(own, 'incomeFen'), sum(own, 'iitFen')]);
    }
    const aggregates = await all('taxManage/personalAggregate');
    expect(aggregates.length).toBe(byDriver.size);
    const ytd = new Map<string, number>();
    for (const a of [...aggregates].sort((x, y) => String(x.period).localeCompare(String(y.period)))) {
      const own = byDriver.get(`${a.partyCode}|${a.period}|${a.driverIdcard}`) ?? [];
      const key = `${a.partyCode}|${a.driverIdcard}|${String(a.period).slice(0, 4)}`;
      ytd.set(key, (ytd.get(key) ?? 0) + sum(own, 'incomeFen'));
      expect([n(a.incomeFen), n(a.iitFen), n(a.waybillCount), n(a.ytdIncomeFen), a.overLimit]).toEqual([
        sum(own, 'incomeFen'),
        sum(own, 'iitFen'),
        own.length,
        ytd.get(key),
        ytd.get(key)! > n(a.annualCapFen),
      ]);
    }
    // The cap is a limit: settlements that would pass it are held, so no driver's year goes over it.
    expect(aggregates.length).toBeGreaterThan(0);
    expect(aggregates.filter((a) => a.overLimit)).toEqual([]);
  });

  it('still adds up after pending declarations are filed at the same time', async () => {
    const pending = (await all('taxManage/orderDeclaration')).filter((d) => d.status === 'pending');
    expect(pending.length).toBeGreaterThan(1);
    const answers = await Promise.all(
      pending.flatMap((d) => [1, 2].map(() => admin.post('taxManage/orderDeclaration', `/${d.id}/actions/declare`, {}))),
    );
    // Each declaration is filed once; the concurrent second attempt is refused as stale or already filed.
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(pending.length);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(409);
    for (const r of answers.filter((x) => x.statusCode === 200)) dataOf(r);
    expect(await declarationsOff()).toEqual([]);
    const filed = (await all('taxManage/orderDeclaration')).filter((d) => pending.some((p) => p.id === d.id));
    expect(filed.every((d) => d.status === 'declared' && d.voucherNo)).toBe(true);
  });
});
