import type { AppContext } from '../../context.js';
import type { PageSchema } from '../../../shared/schema/types.js';
import { toStored } from '../../data/rows.js';
import { sandbox } from './connector.js';
import { digestOf, fixLinkOf, paymentDoc, waybillDoc } from './docs.js';
import { outcome } from './actions.js';
import { freightDataset } from '../../demo/freight.js';
import { DEMO_PARTIES, DEMO_PROFILES, PLATFORM_PARTY } from '../../db/seed.js';
import type { DemoGenerator } from '../../db/demoGenerators.js';
import { dynamicView } from '../../db/connect.js';

type Row = Record<string, unknown>;

const HOUR = 3_600_000;
const PARTIES = [PLATFORM_PARTY.code, 'C1001', 'C1002'];
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : v ? Date.parse(String(v)) : NaN);
const iso = (t: number) => new Date(t).toISOString();

/** Freight rows of a page: the stored ones when that table is already filled, else the dataset this start inserts. */
async function freightRows(ctx: AppContext, pageId: string): Promise<Row[]> {
  const page = ctx.schemas.pages.get(pageId);
  if (!page?.resource) return [];
  const stored = await dynamicView(ctx.database.db).selectFrom(page.resource.table).selectAll().where('partyCode', 'in', PARTIES).execute();
  return stored.length ? stored : (freightDataset(ctx).tables[pageId] ?? []);
}

/**
 * The upload records of the demo organisations, made by running the sandbox monitoring system over
 * every paid waybill (its waybill upload and its funds-flow upload) and the latest signed ones:
 * tractor waybills are rejected because no trailer plate is on record for the tractor (a gap the demo
 * fleet genuinely has), and a payment without its bank serial number is rejected for want of it. The
 * latest rejected waybills were sent twice, unchanged.
 */
async function build(ctx: AppContext): Promise<Record<string, Row[]>> {
  const [waybills, orders, shippers, carriers, drivers, vehicles, settlements, remits, transfers] = await Promise.all(
    [
      'tms/waybill/waybill',
      'tms/order/order_manage',
      'tms/base/shipper',
      'tms/base/carrier',
      'tms/base/driver',
      'tms/base/vehicle',
      'tms/settlement/settlement',
      'tms/Carrier/Approval',
      'tms/account/LoanList',
    ].map((id) => freightRows(ctx, id)),
  );
  const transfersOf = new Map<string, Row[]>();
  for (const t of transfers)
    if (t.waybillNo)
      transfersOf.set(`${String(t.partyCode)}|${String(t.waybillNo)}`, [
        ...(transfersOf.get(`${String(t.partyCode)}|${String(t.waybillNo)}`) ?? []),
        t,
      ]);
  const paidRemit = new Map(remits.filter((r) => r.status === 'paid').map((r) => [`${String(r.partyCode)}|${String(r.settlementNo)}`, r]));
  const by = (rows: Row[], key: string) => new Map(rows.map((r) => [`${String(r.partyCode)}|${String(r[key])}`, r]));
  const [order, shipper, carrier, driver, vehicle, waybill] = [
    by(orders, 'orderNo'),
    by(shippers, 'code'),
    by(carriers, 'code'),
    by(drivers, 'idcard'),
    by(vehicles, 'plate'),
    by(waybills, 'waybillNo'),
  ];
  // The organisations are written after the page tables' demo rows: their names and credit codes come from the seed's own list.
  const parties = new Map<string, Row>(
    [PLATFORM_PARTY, ...DEMO_PARTIES].map((p) => [
      p.code,
      { name: p.name, uscc: DEMO_PROFILES[p.code]?.uscc ?? null, roadPermit: DEMO_PROFILES[p.code]?.roadPermit ?? null },
    ]),
  );
  const now = Date.now();
  const out: Record<string, Row[]> = { 'tms/supervision/waybillUpload': [], 'tms/supervision/paymentUpload': [] };
  const at = (t: number) => Math.min(now - 10 * 60_000, t);
  for (const party of PARTIES) {
    const k = (v: unknown) => `${party}|${String(v)}`;
    const waybillDone = new Set<unknown>();
    const paymentDone = new Set<unknown>();
    const uploadWaybill = async (w: Row, first: number, resendAt: number | null) => {
      const doc = waybillDoc({
        waybill: w,
        order: order.get(k(w.orderNo)),
        shipper: shipper.get(k(w.shipperCode)),
        carrier: carrier.get(k(w.carrierCode)),
        driver: driver.get(k(w.driverIdcard)),
        vehicle: vehicle.get(k(w.plate)),
        party: parties.get(party),
      });
      let row: Row = {
        partyCode: party,
        waybillNo: w.waybillNo,
        plate: doc.plate,
        trailerPlate: doc.trailerPlate,
        docDigest: digestOf(doc),
        retries: 0,
        createdAt: iso(first - 5 * 60_000),
      };
      const answer = await sandbox.uploadWaybill(doc, new Date(first));
      row = { ...row, ...outcome(row, answer, iso(first), false), updatedAt: iso(first) };
      if (!answer.ok && resendAt !== null)
        row = {
          ...row,
          ...outcome(row, await sandbox.uploadWaybill(doc, new Date(resendAt)), iso(resendAt), true),
          updatedAt: iso(resendAt),
        };
      out['tms/supervision/waybillUpload'].push({ ...row, fixAt: fixLinkOf(answer.ok ? null : answer.errorCode, w) });
      waybillDone.add(w.waybillNo);
    };
    const uploadPayment = async (s: Row) => {
      const doc = paymentDoc(s, driver.get(k(s.driverIdcard)), {}, paidRemit.get(k(s.settlementNo)), {
        carrier: carrier.get(k(s.carrierCode)),
        vehicle: vehicle.get(k(waybill.get(k(s.waybillNo))?.plate)),
        party: parties.get(party),
        transfers: transfersOf.get(k(s.waybillNo)) ?? [],
      });
      const first = at(ms(s.paidAt) + HOUR);
      const row: Row = {
        partyCode: party,
        settlementNo: s.settlementNo,
        waybillNo: doc.waybillNo,
        payeeName: doc.payeeName,
        payeeAccount: doc.payeeAccount,
        payeeBank: doc.payeeBank,
        amountFen: doc.amountFen,
        paidAt: doc.paidAt,
        bankSerialNo: doc.bankSerialNo,
        payMethod: doc.payMethod,
        docDigest: digestOf(doc),
        retries: 0,
        createdAt: iso(first - 5 * 60_000),
        updatedAt: iso(first),
      };
      const answer = await sandbox.uploadPayment(doc, new Date(first));
      out['tms/supervision/paymentUpload'].push({
        ...row,
        ...outcome(row, answer, iso(first), false),
        fixAt: fixLinkOf(answer.ok ? null : answer.errorCode, s),
      });
      paymentDone.add(s.settlementNo);
    };
    const own = waybills
      .filter((w) => w.partyCode === party && (w.status === 'signed' || w.status === 'settled') && w.deliveredAt)
      .sort((a, b) => ms(b.deliveredAt) - ms(a.deliveredAt));
    const tractor = (w: Row) => vehicle.get(k(w.plate))?.vehicleType === 'tractor';
    // The latest ones are the to-do staff see: a rejected tractor waybill was resent the next morning, before anyone had fixed the vehicle record.
    for (const w of [...own.filter((x) => !tractor(x)).slice(0, 6), ...own.filter(tractor).slice(0, 2)]) {
      const first = at(ms(w.deliveredAt) + 2 * HOUR);
      await uploadWaybill(w, first, at(first + 16 * HOUR));
    }
    const paid = settlements
      .filter((s) => s.partyCode === party && s.status === 'paid' && s.paidAt)
      .sort((a, b) => ms(b.paidAt) - ms(a.paidAt));
    for (const s of paid.slice(0, 5)) await uploadPayment(s);
    // Every paid waybill was reported along its chain: the waybill after delivery, the funds flow after the payment.
    for (const s of paid) {
      const w = waybill.get(k(s.waybillNo));
      if (w && !waybillDone.has(w.waybillNo)) await uploadWaybill(w, at(ms(w.deliveredAt) + 2 * HOUR), null);
      if (!paymentDone.has(s.settlementNo)) await uploadPayment(s);
    }
  }
  return out;
}

const demos = new WeakMap<AppContext, Promise<Record<string, Row[]>>>();

const generate: DemoGenerator = async (ctx, page: PageSchema) => {
  let demo = demos.get(ctx);
  if (!demo) demos.set(ctx, (demo = build(ctx)));
  const rows = (await demo)[page.id] ?? [];
  if (!rows.length) return 0;
  const stored = rows.map((r) => ({
    ...toStored(ctx.database, page, r),
    partyCode: r.partyCode,
    version: 1,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt ?? r.createdAt,
    createdBy: 'system',
    updatedBy: 'system',
  }));
  // In batches: one statement for thousands of rows passes the databases' limit of bound values.
  await ctx.database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < stored.length; i += 500)
      await dynamicView(trx)
        .insertInto(page.resource!.table)
        .values(stored.slice(i, i + 500))
        .execute();
  });
  return rows.length;
};

export const ministryGenerators: Record<string, DemoGenerator> = Object.fromEntries(
  ['tms/supervision/waybillUpload', 'tms/supervision/paymentUpload'].map((id) => [id, generate]),
);
