import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';
import { GOODS_VEHICLES } from '../sampleData/freightData.js';
import { toRecord } from './rows.js';
import { isRegionChain } from './regions.js';
import { computeValues } from '../../shared/schema/computed.js';
import { chinaToday, ruleViolations } from '../../shared/schema/rules.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { dynamicView } from '../db/connect.js';

type Row = Record<string, unknown>;
const WAYBILL = 'tms/waybill/waybill';
const SETTLEMENT = 'tms/settlement/settlement';
const REMIT = 'tms/Carrier/Approval';
const CST = 8 * 3_600_000;

/**
 * The money of the demo data and of concurrent writes adds up: per waybill the payments are the
 * payable less the advances, the platform keeps a margin on every settled waybill, and stored
 * figures, list totals and dashboard figures agree to the fen.
 */
describe.each(dialects())('freight money invariants on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const page = (id: string) => t.app.ctx.schemas.pages.get(id) as PageSchema;
  const all = async (pageId: string): Promise<Row[]> => {
    const p = page(pageId);
    const rows = await dynamicView(db()).selectFrom(p.resource!.table).selectAll().orderBy('id').execute();
    return rows.map((r) => ({ ...toRecord(p, r as Row), partyCode: (r as Row).partyCode }));
  };
  const byKey = (rows: Row[], key: string) => new Map(rows.map((r) => [String(r[key]), r]));
  const paidRemitTotals = async () => {
    const totals = new Map<string, number>();
    for (const r of await all(REMIT))
      if (r.status === 'paid') totals.set(String(r.settlementNo), (totals.get(String(r.settlementNo)) ?? 0) + Number(r.amountFen));
    return totals;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores every computed figure exactly as the engine computes it', async () => {
    for (const id of [WAYBILL, SETTLEMENT, 'tms/invoice/drawInvoice']) {
      const p = page(id);
      const off = (await all(id)).filter((r) => Object.entries(computeValues(p, r, 'stored')).some(([k, v]) => v !== r[k]));
      expect({ id, off: off.slice(0, 3) }).toEqual({ id, off: [] });
    }
  });

  it('pays every settled waybill exactly its payable less its advances, advances being the transfers made', async () => {
    const waybills = await all(WAYBILL);
    const settlements = byKey(await all(SETTLEMENT), 'waybillNo');
    const paid = await paidRemitTotals();
    const advances = new Map<string, number>();
    for (const a of await all('tms/account/LoanList')) {
      // A driver's loan names the waybill it was lent against but is no advance: it goes into the driver's wallet.
      if (a.waybillNo && a.status === 'transferred' && a.applyType !== 'driverLoan')
        advances.set(String(a.waybillNo), (advances.get(String(a.waybillNo)) ?? 0) + Number(a.amountFen));
    }
    let settled = 0;
    for (const w of waybills) {
      expect({ waybill: w.waybillNo, advance: w.advanceFen }).toEqual({
        waybill: w.waybillNo,
        advance: advances.get(String(w.waybillNo)) ?? 0,
      });
      const s = settlements.get(String(w.waybillNo));
      if (!s) continue;
      expect(s.advanceFen).toBe(w.advanceFen);
      expect(s.finalPayFen).toBe(Number(s.payableFen) - Number(s.advanceFen));
      if (w.status !== 'settled') continue;
      settled++;
      expect({ waybill: w.waybillNo, paid: paid.get(String(s.settlementNo)) }).toEqual({
        waybill: w.waybillNo,
        paid: Number(s.payableFen) - Number(w.advanceFen),
      });
    }
    expect(settled).toBeGreaterThan(1000);
  });

  it('keeps a positive margin on every settled waybill: revenue excluding VAT above the driver’s cost', async () => {
    const settlements = byKey(await all(SETTLEMENT), 'waybillNo');
    const settled = (await all(WAYBILL)).filter((w) => w.status === 'settled');
    const losing = settled.filter((w) => {
      const s = settlements.get(String(w.waybillNo))!;
      const cost = Number(s.freightFen) + Number(s.extraFeeFen) - Number(s.deductionFen);
      return !(Number(w.marginFen) > 0) || Number(w.revenueExVatFen) - cost <= 0;
    });
    expect(losing.map((w) => w.waybillNo)).toEqual([]);
    // Driver prices sit at 88–93% of the shipper's price excluding VAT.
    const ratios = settled.map((w) => Number(w.driverFreightFen) / (Number(w.freightFen) / 1.09));
    expect(Math.min(...ratios)).toBeGreaterThan(0.87);
    expect(Math.max(...ratios)).toBeLessThan(0.94);
  });

  it('loads within rated load, on a vehicle type the goods travel on, and every waybill, settlement and payment passes its rules', async () => {
    const vehicles = byKey(await all('tms/base/vehicle'), 'plate');
    const drivers = byKey(await all('tms/base/driver'), 'idcard');
    const carriers = byKey(await all('tms/base/carrier'), 'code');
    const waybills = await all(WAYBILL);
    const settlements = await all(SETTLEMENT);
    const today = chinaToday();
    const misfits = waybills.filter((w) => {
      const v = vehicles.get(String(w.plate))!;
      return Number(w.weightKg) > Number(v.loadKg) || !GOODS_VEHICLES[String(w.goodsType)].some(([type]) => type === v.vehicleType);
    });
    expect(misfits.map((w) => w.waybillNo)).toEqual([]);
    const broken = (id: string, rows: Row[], refs: (r: Row) => Record<string, Row | null>) =>
      rows.flatMap((r) => ruleViolations(page(id), r, { refs: refs(r), today }).map((v) => `${id} ${r.id} ${v.field} ${v.key}`));
    expect(
      broken(WAYBILL, waybills, (w) => ({
        vehicle: vehicles.get(String(w.plate)) ?? null,
        driver: drivers.get(String(w.driverIdcard)) ?? null,
        carrier: carriers.get(String(w.carrierCode)) ?? null,
      })),
    ).toEqual([]);
    const waybillByNo = byKey(waybills, 'waybillNo');
    expect(broken(SETTLEMENT, settlements, (s) => ({ waybill: waybillByNo.get(String(s.waybillNo)) ?? null }))).toEqual([]);
    const settlementByNo = byKey(settlements, 'settlementNo');
    expect(
      broken(REMIT, await all(REMIT), (r) => ({
        settlement: settlementByNo.get(String(r.settlementNo)) ?? null,
        carrier: carriers.get(String(r.carrierCode)) ?? null,
        driver: drivers.get(String(r.driverIdcard)) ?? null,
      })),
    ).toEqual([]);
  });

  it('bills invoices and statements exactly the waybills they list, and dates night-driving alerts at night', async () => {
    const waybills = byKey(await all(WAYBILL), 'waybillNo');
    for (const inv of await all('tms/invoice/drawInvoice')) {
      const list = inv.waybillNos as string[];
      expect(list.length).toBe(inv.waybillCount);
      const billed = list.reduce((sum, no) => sum + Number(waybills.get(no)!.shipperTotalFen) - Number(waybills.get(no)!.serviceFeeFen), 0);
      expect({ invoice: inv.applyNo, amount: inv.amountFen }).toEqual({ invoice: inv.applyNo, amount: billed });
    }
    for (const st of await all('tms/settlement/reconciliation')) expect(Number(st.totalFen) - Number(st.freightFen)).toBe(st.taxFen);
    const night = (await all('tms/supervision/trackMonitor')).filter((a) => a.alertType === 'nightDriving');
    expect(night.length).toBeGreaterThan(0);
    // Durations fit in the trip: driving since loading, stops ending before arrival (or now).
    const loadedAt = (w: Row) => Date.parse(String(w.loadedAt));
    const until = (w: Row) => (w.deliveredAt ? Date.parse(String(w.deliveredAt)) : Date.now());
    const misfit = (await all('tms/supervision/trackMonitor')).filter((a) => {
      const w = waybills.get(String(a.waybillNo))!;
      const at = Date.parse(String(a.occurredAt));
      const ms = Number(a.durationMin) * 60_000;
      if (a.alertType === 'fatigueDriving') return at - ms < loadedAt(w);
      if (a.alertType === 'longStop' || a.alertType === 'signalLost') return at + ms > until(w);
      return at < loadedAt(w) || at > until(w);
    });
    expect(misfit.map((a) => `${a.waybillNo} ${a.alertType}`)).toEqual([]);
    for (const a of night) {
      const hour = new Date(Date.parse(String(a.occurredAt)) + CST).getUTCHours();
      expect({ alert: a.id, hour: hour >= 2 && hour < 5 }).toEqual({ alert: a.id, hour: true });
      expect(String(a.description)).toContain(String(a.plate));
    }
  });

  it('places every record in real divisions: each region value is a province, city and county chain', async () => {
    const bad: string[] = [];
    for (const [id, p] of t.app.ctx.schemas.pages) {
      const fields = Object.entries((p as PageSchema).model?.properties ?? {})
        .filter(([, f]) => f['x-component'] === 'RegionCascader')
        .map(([k]) => k);
      if (!fields.length) continue;
      for (const r of await all(id))
        for (const f of fields) if (r[f] != null && !isRegionChain(r[f])) bad.push(`${id} ${r.id} ${f} ${JSON.stringify(r[f])}`);
    }
    expect(bad).toEqual([]);
  });

  it('totals the list and the dashboard to the fen of the stored rows', async () => {
    const waybills = await all(WAYBILL);
    const sum = (rows: Row[], f: string) => rows.reduce((s, r) => s + Number(r[f] ?? 0), 0);
    const list = dataOf(await admin.get(WAYBILL, ''));
    const totals = Object.fromEntries((list.totals as { field: string; op: string; value: number }[]).map((x) => [x.field, x.value]));
    for (const f of ['freightFen', 'driverFreightFen', 'revenueExVatFen', 'driverCostFen', 'marginFen'])
      expect({ f, v: totals[f] }).toEqual({ f, v: sum(waybills, f) });
    const dash = dataOf(await admin.get('digitalLogistics/platform', '/dashboard'));
    const settled = waybills.filter((w) => w.status === 'settled');
    expect(dash.figures.revenue).toBe(sum(settled, 'revenueExVatFen'));
    expect(dash.figures.cost).toBe(sum(settled, 'driverCostFen'));
    expect(dash.figures.margin).toBe(dash.figures.revenue - dash.figures.cost);
    expect(dash.figures.margin).toBeGreaterThan(0);
  });

  it('after concurrent settlements and payments of one waybill, exactly one of each stands and the payment is payable less advances', async () => {
    const w = (await db()
      .selectFrom('tms_waybill as w')
      .leftJoin('tms_settlement as s', 's.waybillNo', 'w.waybillNo')
      .select([
        'w.waybillNo',
        'w.partyCode',
        'w.shipperCode',
        'w.carrierCode',
        'w.driverIdcard',
        'w.driverFreightFen',
        'w.advanceFen',
        'w.taxWithheld',
        'w.iitRate',
        'w.extraFeeFen',
      ])
      .where('w.status', '=', 'delivered')
      .where('w.advanceFen', '>', 0)
      .where('s.id', 'is', null)
      .orderBy('w.waybillNo')
      .executeTakeFirstOrThrow()) as Row;
    const settle = (deduction: number) =>
      admin.post(SETTLEMENT, '', {
        partyCode: w.partyCode,
        waybillNo: w.waybillNo,
        shipperCode: w.shipperCode,
        carrierCode: w.carrierCode,
        driverIdcard: w.driverIdcard,
        freightFen: w.driverFreightFen,
        extraFeeFen: w.extraFeeFen,
        deductionFen: deduction,
        advanceFen: w.advanceFen,
        taxWithheld: Boolean(w.taxWithheld),
        iitRate: w.iitRate,
      });
    const answers = await Promise.all([0, 1_000, 2_000, 3_000].map(settle));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    const s = dataOf(answers.find((r) => r.statusCode === 201)!, 201);
    const carrier = (await db()
      .selectFrom('tms_carrier')
      .select(['carrierType', 'name'])
      .where('code', '=', w.carrierCode as string)
      .executeTakeFirstOrThrow()) as Row;
    const driver = (await db()
      .selectFrom('tms_driver')
      .select(['name', 'bankCard', 'bankName'])
      .where('idcard', '=', w.driverIdcard as string)
      .executeTakeFirstOrThrow()) as Row;
    const payee =
      carrier.carrierType === 'enterprise'
        ? {
            payeeType: 'actualCarrier',
            accountType: 'corporate',
            payeeName: carrier.name,
            bankName: '招商银行',
            corporateAccountNo: '755912345610801',
          }
        : carrier.carrierType === 'individual'
          ? {
              payeeType: 'actualCarrier',
              accountType: 'personal',
              payeeName: driver.name,
              bankName: driver.bankName,
              bankCard: driver.bankCard,
            }
          : {
              payeeType: 'fleetCaptain',
              authorisationNo: 'SQ-TEST-1',
              accountType: 'personal',
              payeeName: '车队长',
              bankName: driver.bankName,
              bankCard: driver.bankCard,
            };
    const pay = (n: number) =>
      admin.post(REMIT, '', {
        partyCode: w.partyCode,
        remitNo: `FK2099010100${n}`,
        settlementNo: s.settlementNo,
        waybillNo: w.waybillNo,
        carrierCode: w.carrierCode,
        driverIdcard: w.driverIdcard,
        ...payee,
        amountFen: s.finalPayFen,
      });
    const paid = await Promise.all([11, 12, 13].map(pay));
    expect(paid.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    const remits = await db().selectFrom('tms_remit_approval').select(['amountFen']).where('settlementNo', '=', s.settlementNo).execute();
    expect(remits.map((r) => Number(r.amountFen))).toEqual([Number(s.payableFen) - Number(w.advanceFen)]);
  });
});
