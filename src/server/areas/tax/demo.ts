import type { AppContext } from '../../context.js';
import type { PageSchema } from '../../../shared/schema/types.js';
import { computeValues } from '../../../shared/schema/computed.js';
import { seedOf } from '../../connectors/sandbox.js';
import { voucherFor } from './connector.js';
import { DEFAULT_ANNUAL_CAP_FEN } from './aggregation.js';
import { freightDataset, insertRows, Numbers } from '../../demo/freight.js';
import type { DemoGenerator } from '../../db/demoGenerators.js';

/**
 * Demo tax data derived from the freight dataset: one tax order per confirmed settlement whose
 * driver's taxes the platform withholds, monthly order declarations that are exactly the sums of
 * their orders, personal aggregates and declarations per driver and month, and the tax log of the
 * filings. The last month that has ended is still to be declared (the "declare" action's work).
 */

type Row = Record<string, unknown>;
const HOUR = 3_600_000;
const CST = 8 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const cstDate = (ms: number) => new Date(ms + CST).toISOString().slice(0, 10);
const ymd = (ms: number) => cstDate(ms).replace(/-/g, '');
/** The 1st of the month after a period, 00:00 China time. */
const monthAfter = (period: string) => {
  const [y, m] = period.split('-').map(Number);
  return Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - CST;
};
const AGENT_TAX_NO: Record<string, string> = { C1001: '91310000MA1FL4XQ01', C1002: '91510100MA62P7XK9L' };
const PLATFORM_TAX_NO = '91110108MA01R2B941';

const sum = (rows: Row[], field: string) => rows.reduce((s, r) => s + Number(r[field] ?? 0), 0);
const stamp = (created: number, updated: number, now: number): Row => ({
  createdAt: iso(created),
  updatedAt: iso(Math.min(Math.max(updated, created), now)),
  createdBy: 'system',
  updatedBy: 'system',
  version: 1,
});

function capsOf(ctx: AppContext): Map<string, number> {
  const page = ctx.schemas.pages.get('taxManage/personalIncomeTaxConfig');
  const caps = new Map<string, number>();
  for (const r of (page?.demo ?? []) as Row[]) {
    if (r.status === 'active' && r.incomeType === 'business' && !caps.has(String(r.partyCode)))
      caps.set(String(r.partyCode), Number(r.annualCapFen));
  }
  return caps;
}

export function agentTaxNo(partyCode: string): string {
  return AGENT_TAX_NO[partyCode] ?? PLATFORM_TAX_NO;
}

function build(ctx: AppContext): Record<string, Row[]> {
  const ds = freightDataset(ctx);
  const now = ds.now;
  const current = cstDate(now).slice(0, 7);
  const drivers = new Map(ds.tables['tms/base/driver'].map((d) => [String(d.idcard), d]));
  const taxPage = ctx.schemas.pages.get('taxManage/taxOrder') as PageSchema;
  const settled = ds.tables['tms/settlement/settlement']
    .filter((s) => s.taxWithheld && s.status !== 'pending' && s.confirmedAt)
    .sort((a, b) => String(a.confirmedAt).localeCompare(String(b.confirmedAt)));

  const nums = new Numbers();
  const orders: Row[] = settled.map((s) => {
    const at = Date.parse(String(s.confirmedAt)) + 10 * 60_000;
    const order: Row = {
      partyCode: s.partyCode,
      taxOrderNo: nums.next('SD', at, 5),
      period: cstDate(Date.parse(String(s.confirmedAt))).slice(0, 7),
      driverIdcard: s.driverIdcard,
      driverName: drivers.get(String(s.driverIdcard))?.name ?? null,
      settlementNo: s.settlementNo,
      waybillNos: [s.waybillNo],
      incomeFen: Number(s.freightFen) + Number(s.extraFeeFen ?? 0) - Number(s.deductionFen ?? 0),
      vatRate: 0.01,
      iitRate: s.iitRate,
      invoiceNo: null,
      declarationNo: null,
      status: 'pending',
      ...stamp(at, at, now),
    };
    return Object.assign(order, computeValues(taxPage, order, 'stored'));
  });

  // Periods that have ended are declared by organisation; the latest of them is still to be filed.
  const groups = new Map<string, Row[]>();
  for (const o of orders) {
    if (String(o.period) >= current) continue;
    const key = `${o.partyCode}|${o.period}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const periods = [...new Set(orders.map((o) => String(o.period)).filter((p) => p < current))].sort();
  const lastEnded = periods[periods.length - 1];
  const declarations: Row[] = [];
  const personal: Row[] = [];
  const log: Row[] = [];
  const logEntry = (kind: 'order' | 'personal', doc: Row, at: number, income: number, tax: number) => {
    const requestId = `TX${ymd(at)}${String(seedOf('tax-log', doc.declarationNo) % 100_000_000).padStart(8, '0')}`;
    log.push({
      partyCode: doc.partyCode,
      loggedAt: iso(at),
      action: kind === 'order' ? 'declareOrder' : 'declarePersonal',
      bizNo: doc.declarationNo,
      requestId,
      request: JSON.stringify({
        declarationNo: doc.declarationNo,
        agentTaxNo: agentTaxNo(String(doc.partyCode)),
        period: doc.period,
        incomeFen: income,
        taxFen: tax,
      }),
      response: JSON.stringify({ voucherNo: doc.voucherNo, acceptedAt: iso(at) }),
      result: 'success',
      errorCode: null,
      voucherNo: doc.voucherNo,
      durationMs: 180 + (seedOf(requestId) % 900),
      ...stamp(at, at, now),
    });
  };
  for (const [key, list] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [partyCode, period] = key.split('|');
    const created = monthAfter(period) + 9 * HOUR;
    const filed = lastEnded !== period;
    const declaredAt = created + (2 + (seedOf(key) % 8)) * 24 * HOUR;
    const decl: Row = {
      partyCode,
      declarationNo: nums.next('SB', created, 4),
      period,
      orderCount: list.length,
      incomeTotalFen: sum(list, 'incomeFen'),
      vatTotalFen: sum(list, 'vatFen'),
      surchargeTotalFen: sum(list, 'surchargeFen'),
      stampTotalFen: sum(list, 'stampFen'),
      iitTotalFen: sum(list, 'iitFen'),
      declaredAt: filed ? iso(declaredAt) : null,
      voucherNo: null,
      failReason: null,
      status: filed ? 'paid' : 'pending',
      ...stamp(created, filed ? declaredAt : created, now),
    };
    if (filed) decl.voucherNo = voucherFor(String(decl.declarationNo), agentTaxNo(partyCode), new Date(declaredAt));
    declarations.push(decl);
    if (filed) logEntry('order', decl, declaredAt, Number(decl.incomeTotalFen), sum(list, 'taxTotalFen'));
    for (const o of list) {
      o.declarationNo = decl.declarationNo;
      o.status = filed ? 'paid' : 'pending';
      // The invoice issued on the driver's behalf once the period is filed: 20 digits, year first.
      if (filed)
        o.invoiceNo = `${ymd(declaredAt).slice(2, 4)}${String(seedOf('inv', o.taxOrderNo) % 1e9).padStart(9, '0')}${String(seedOf('inv2', o.taxOrderNo) % 1e9).padStart(9, '0')}`;
      if (filed) Object.assign(o, { updatedAt: iso(Math.min(declaredAt, now)) });
    }
    const byDriver = new Map<string, Row[]>();
    for (const o of list) byDriver.set(String(o.driverIdcard), [...(byDriver.get(String(o.driverIdcard)) ?? []), o]);
    for (const [idcard, own] of [...byDriver.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const income = sum(own, 'incomeFen');
      const due = sum(own, 'iitFen');
      const p: Row = {
        partyCode,
        declarationNo: nums.next('GS', created, 5),
        period,
        driverIdcard: idcard,
        driverName: own[0].driverName,
        incomeType: 'business',
        incomeFen: income,
        taxableFen: income,
        iitRate: own[0].iitRate,
        dueFen: due,
        paidFen: filed ? due : 0,
        declaredAt: filed ? iso(declaredAt) : null,
        voucherNo: null,
        failReason: null,
        status: filed ? 'paid' : 'pending',
        ...stamp(created, filed ? declaredAt : created, now),
      };
      if (filed) p.voucherNo = voucherFor(String(p.declarationNo), agentTaxNo(partyCode), new Date(declaredAt));
      personal.push(p);
      if (filed) logEntry('personal', p, declaredAt + 60_000, income, due);
    }
  }

  // Personal aggregates: every driver and month with tax orders, the year's income to date and its cap.
  const caps = capsOf(ctx);
  const aggregates: Row[] = [];
  const byDriverMonth = new Map<string, Row[]>();
  for (const o of orders) {
    const key = `${o.partyCode}|${o.driverIdcard}|${o.period}`;
    byDriverMonth.set(key, [...(byDriverMonth.get(key) ?? []), o]);
  }
  const ytd = new Map<string, number>();
  const aggregatedAt = Math.floor(now / HOUR) * HOUR - 2 * HOUR;
  for (const [key, list] of [...byDriverMonth.entries()].sort(
    ([a], [b]) => a.split('|')[2].localeCompare(b.split('|')[2]) || a.localeCompare(b),
  )) {
    const [partyCode, idcard, period] = key.split('|');
    const yearKey = `${partyCode}|${idcard}|${period.slice(0, 4)}`;
    const income = sum(list, 'incomeFen');
    const ytdIncome = (ytd.get(yearKey) ?? 0) + income;
    ytd.set(yearKey, ytdIncome);
    const cap = caps.get(partyCode) ?? DEFAULT_ANNUAL_CAP_FEN;
    aggregates.push({
      partyCode,
      period,
      driverIdcard: idcard,
      driverName: list[0].driverName,
      waybillCount: list.reduce((s, o) => s + (o.waybillNos as string[]).length, 0),
      incomeFen: income,
      vatFen: sum(list, 'vatFen'),
      iitFen: sum(list, 'iitFen'),
      taxTotalFen: sum(list, 'taxTotalFen'),
      ytdIncomeFen: ytdIncome,
      annualCapFen: cap,
      overLimit: ytdIncome > cap,
      aggregatedAt: iso(aggregatedAt),
      ...stamp(aggregatedAt, aggregatedAt, now),
    });
  }
  const byTime = (rows: Row[], f = 'createdAt') => rows.sort((a, b) => String(a[f]).localeCompare(String(b[f])));
  return {
    'taxManage/taxOrder': orders,
    'taxManage/orderDeclaration': byTime(declarations),
    'taxManage/personalDeclaration': byTime(personal),
    'taxManage/personalAggregate': aggregates,
    'taxManage/taxLog': byTime(log, 'loggedAt'),
  };
}

const datasets = new WeakMap<AppContext, Record<string, Row[]>>();

/** The tax demo dataset of this database (built once, from its freight dataset). */
export function taxDataset(ctx: AppContext): Record<string, Row[]> {
  let ds = datasets.get(ctx);
  if (!ds) datasets.set(ctx, (ds = build(ctx)));
  return ds;
}

const generate: DemoGenerator = async (ctx, page) => insertRows(ctx, page, taxDataset(ctx)[page.id] ?? []);

export const taxGenerators: Record<string, DemoGenerator> = Object.fromEntries(
  [
    'taxManage/taxOrder',
    'taxManage/orderDeclaration',
    'taxManage/personalDeclaration',
    'taxManage/personalAggregate',
    'taxManage/taxLog',
  ].map((id) => [id, generate]),
);
