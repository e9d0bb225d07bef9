import type { AppContext } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { toStored } from '../data/rows.js';
import { dynamicView } from '../db/connect.js';
import { computeValues } from '../../shared/schema/computed.js';
import type { DemoGenerator } from '../db/demoGenerators.js';
import { freightBase, Numbers, type Compute, type FreightDataset, type Row } from './freight/common.js';
import { buildShippers, buildCarriers } from './freight/parties.js';
import { buildOrders } from './freight/orders.js';
import { buildWaybills, buildIncidents } from './freight/waybills.js';
import { buildPayees, buildAdvances, buildSettlements, holdOverCap } from './freight/settlement.js';
import { buildTransfers, buildCargo } from './freight/requests.js';
import { buildInvoices } from './freight/invoices.js';

export { Numbers, PLATFORM_BANK, type FreightDataset } from './freight/common.js';

/**
 * Deterministic demo data for the freight pages: shippers, carriers, drivers, vehicles, ~3,000
 * orders and waybills over the 90 days before the database is created, and everything that follows
 * from them (cargo listings, certifications, freight valuations, settlements, remittances, payment
 * reminders, transfer requests, invoices, reconciliation statements, exceptions, track alerts).
 *
 * One dataset is built per database (the same seed, relative to "now") and each page's generator
 * inserts its own table's rows from it, so the tables agree with each other: every waybill's order,
 * shipper, carrier, driver and vehicle exist, settlements follow valued freight, and so on.
 */

function buildDataset(now: number, compute: Compute, caps: Map<string, number>): FreightDataset {
  const s0 = freightBase(now, compute, caps);
  const s1 = { ...s0, ...buildShippers(s0) };
  const s2 = { ...s1, ...buildCarriers(s1) };
  const s3 = { ...s2, ...buildOrders(s2) };
  const s4 = { ...s3, ...buildWaybills(s3) };
  const s5 = { ...s4, ...buildIncidents(s4) };
  const s6 = { ...s5, ...buildPayees(s5) };
  const s7 = { ...s6, ...buildAdvances(s6) };
  const s8 = { ...s7, ...buildSettlements(s7) };
  holdOverCap(s8);
  buildTransfers(s8);
  const s9 = { ...s8, ...buildCargo(s8) };
  const s10 = { ...s9, ...buildInvoices(s9) };
  const {
    waybills,
    settlements,
    remits,
    reminders,
    exceptions,
    transfers,
    cargo,
    invoices,
    shippers,
    carriers,
    drivers,
    vehicles,
    shipperCerts,
    carrierCerts,
    orders,
    valuations,
    statements,
    alerts,
  } = s10;
  const byTime = (rows: Row[], field = 'createdAt') => [...rows].sort((a, b) => String(a[field]).localeCompare(String(b[field])));
  // Document numbers count up through each day in the order the documents were created.
  const renumber = (rows: Row[], field: string, prefix: string, width: number, refs: Row[][] = []) => {
    rows.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    const seq = new Numbers();
    const map = new Map<unknown, string>();
    for (const r of rows) {
      const n = seq.next(prefix, Date.parse(String(r.createdAt)), width);
      map.set(r[field], n);
      r[field] = n;
    }
    for (const list of refs) for (const r of list) if (r[field] != null) r[field] = map.get(r[field]) ?? r[field];
  };
  for (const w of waybills) compute('tms/waybill/waybill', w);
  renumber(settlements, 'settlementNo', 'JS', 6, [remits, reminders]);
  renumber(remits, 'remitNo', 'FK', 4);
  renumber(exceptions, 'exceptionNo', 'YC', 4);
  renumber(transfers, 'applyNo', 'ZZ', 4);
  renumber(cargo, 'cargoNo', 'HY', 4);
  renumber(invoices, 'applyNo', 'KP', 4);
  return {
    now,
    tables: {
      // Helper properties (hub, weight, busyUntil...) are not model fields: toStored leaves them out.
      'tms/base/shipper': shippers,
      'tms/base/carrier': carriers,
      'tms/base/driver': drivers,
      'tms/base/vehicle': vehicles,
      'tms/review/shipperReview': byTime(shipperCerts),
      'tms/review/carrierReview': byTime(carrierCerts),
      'tms/order/order_manage': orders,
      'tms/order/cargoaudit': cargo,
      'tms/waybill/waybill': waybills,
      'tms/Carrier/freight': byTime(valuations),
      'tms/Carrier/Approval': byTime(remits),
      'tms/CustomerService/AbnormalTran': byTime(exceptions),
      'tms/account/LoanList': transfers,
      'tms/invoice/drawInvoice': invoices,
      'tms/settlement/settlement': byTime(settlements),
      'tms/settlement/reconciliation': statements,
      'tms/supervision/trackMonitor': byTime(alerts, 'occurredAt'),
      'systemManage/news/paymentRecords': byTime(reminders),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Generators: one dataset per database, each page inserts its own rows.

const datasets = new WeakMap<AppContext, FreightDataset>();

/** The freight dataset of this database (built once, on first use, relative to that moment). */

/** Each organisation's annual income cap: the largest of its active business-income tax configurations, as the settlement rule reads it. */
function incomeCaps(ctx: AppContext): Map<string, number> {
  const caps = new Map<string, number>();
  for (const r of (ctx.schemas.pages.get('taxManage/personalIncomeTaxConfig')?.demo ?? []) as Row[]) {
    if (r.status === 'active' && r.incomeType === 'business')
      caps.set(String(r.partyCode), Math.max(caps.get(String(r.partyCode)) ?? 0, Number(r.annualCapFen)));
  }
  return caps;
}

export function freightDataset(ctx: AppContext, now = Date.now()): FreightDataset {
  let ds = datasets.get(ctx);
  const compute: Compute = (pageId, row) => {
    const page = ctx.schemas.pages.get(pageId) as PageSchema;
    return Object.assign(row, computeValues(page, row, 'stored'));
  };
  if (!ds) datasets.set(ctx, (ds = buildDataset(now, compute, incomeCaps(ctx))));
  return ds;
}

const SYSTEM = ['version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
const BATCH = 500;

export async function insertRows(ctx: AppContext, page: PageSchema, rows: Row[]): Promise<number> {
  if (!rows.length) return 0;
  const table = page.resource!.table;
  const scoped = page.resource!.scope === 'party';
  // Only model fields are stored (the dataset's helper properties are not); toStored converts
  // booleans, JSON and times for the dialect. Picking first keeps it fast for thousands of rows.
  const fields = Object.keys(page.model!.properties);
  const stored = rows.map((r) => {
    const values: Row = {};
    for (const k of fields) if (k in r) values[k] = r[k];
    Object.assign(values, computeValues(page, values, 'stored'));
    const out: Row = toStored(ctx.database, page, values);
    for (const k of SYSTEM) out[k] = r[k];
    if (scoped) out.partyCode = r.partyCode;
    return out;
  });
  await ctx.database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < stored.length; i += BATCH)
      await dynamicView(trx)
        .insertInto(table)
        .values(stored.slice(i, i + BATCH))
        .execute();
  });
  return stored.length;
}

const generate: DemoGenerator = async (ctx, page) => insertRows(ctx, page, freightDataset(ctx).tables[page.id] ?? []);

/** The pages this module fills, by page id. */
export const freightGenerators: Record<string, DemoGenerator> = Object.fromEntries(
  [
    'tms/base/shipper',
    'tms/base/carrier',
    'tms/base/driver',
    'tms/base/vehicle',
    'tms/review/shipperReview',
    'tms/review/carrierReview',
    'tms/order/order_manage',
    'tms/order/cargoaudit',
    'tms/waybill/waybill',
    'tms/Carrier/freight',
    'tms/Carrier/Approval',
    'tms/CustomerService/AbnormalTran',
    'tms/account/LoanList',
    'tms/invoice/drawInvoice',
    'tms/settlement/settlement',
    'tms/settlement/reconciliation',
    'tms/supervision/trackMonitor',
    'systemManage/news/paymentRecords',
  ].map((id) => [id, generate]),
);
