import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { toRecord, type Row } from '../../data/rows.js';
import type { MinistryPayment, MinistryWaybill } from './connector.js';
import { dynamicView } from '../../db/connect.js';

/**
 * The documents uploaded to the monitoring system, assembled from the platform's own records at the
 * time of each attempt: a fix made on the waybill, vehicle, driver or carrier page is in the next
 * upload. Pure functions over rows, so the demo generator builds the same documents in memory.
 */

/** The ministry's goods classes (货物分类代码) of our goods types. */
const GOODS_CLASS: Record<string, string> = {
  coal: '0100',
  steel: '0400',
  buildingMaterials: '0500',
  chemicals: '0900',
  grain: '1100',
  machinery: '1200',
  appliances: '1200',
  electronics: '1200',
  autoParts: '1200',
  fmcg: '1300',
  furniture: '1300',
  frozenFood: '1600',
};
/** Business types (业务类型代码): urban delivery, otherwise trunk general cargo. */
const businessType = (line: unknown) => (line === 'cityDelivery' ? '1003997' : '1002996');
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : text(v));
const lastCode = (v: unknown) => {
  const list = Array.isArray(v) ? v : typeof v === 'string' && v.startsWith('[') ? (JSON.parse(v) as unknown[]) : [];
  return text(list[list.length - 1]);
};

export interface WaybillSources {
  waybill: Row;
  order?: Row;
  shipper?: Row;
  carrier?: Row;
  driver?: Row;
  vehicle?: Row;
  party?: Row;
}

export function waybillDoc({ waybill: w, order, shipper, carrier, driver, vehicle, party }: WaybillSources): MinistryWaybill {
  const no = String(w.waybillNo);
  const number = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return {
    platformName: text(party?.name),
    platformCreditCode: text(party?.uscc),
    platformPermitNo: text(party?.roadPermit),
    consignmentNo: text(w.orderNo),
    segmentNo: '1',
    createdAt: iso(w.createdAt),
    transportOrgTypeCode: '1',
    // The shipper is the consignor (发货方) of its own order.
    consignorName: text(shipper?.name),
    consignorCreditCode: text(shipper?.uscc),
    loadAddress: text(order?.originAddress),
    unloadAddress: text(order?.destAddress),
    volumeM3: number(order?.volumeM3),
    pieces: null,
    vehicleCount: 1,
    insuranceCompanyCode: null,
    waybillNo: no,
    shipperName: text(shipper?.name),
    shipperCreditCode: text(shipper?.uscc),
    carrierName: text(carrier?.name),
    carrierCreditCode: text(carrier?.uscc),
    carrierPermitNo: text(carrier?.roadPermit),
    plate: text(w.plate),
    plateColor: text(vehicle?.plateColor),
    isTractor: vehicle?.vehicleType === 'tractor',
    trailerPlate: text(vehicle?.trailerPlate),
    loadKg: vehicle?.loadKg == null ? null : Number(vehicle.loadKg),
    roadTransportCertNo: text(vehicle?.roadTransportCertNo),
    driverName: text(driver?.name),
    driverIdcard: text(w.driverIdcard),
    driverQualificationNo: text(driver?.qualificationCertNo),
    goodsName: text(w.goodsName),
    goodsClassCode: GOODS_CLASS[String(w.goodsType)] ?? null,
    weightKg: w.weightKg == null ? null : Number(w.weightKg),
    loadRegionCode: lastCode(w.originRegion),
    unloadRegionCode: lastCode(w.destRegion),
    consigneeName: text(order?.consigneeName),
    consigneeIdNo: text(order?.consigneeIdNo),
    businessTypeCode: businessType(order?.businessLine),
    departedAt: iso(w.loadedAt),
    signedAt: iso(w.deliveredAt),
    freightFen: Number(w.driverCostFen ?? w.driverFreightFen ?? 0),
    // The transport contract is e-signed per waybill and numbered after it.
    contractNo: `HT${no.slice(2)}`,
    insured: false,
    insurancePolicyNo: null,
  };
}

/**
 * A settlement's payment as the remittance that paid it records it (payee, account, bank serial,
 * method); what the remittance lacks may be entered on the upload record. Without a remittance the
 * settlement's amount goes to the driver's card.
 */
/** What else a funds-flow document names: the carrier, the vehicle of the waybill, the payer and the waybill's advances. */
export interface PaymentSources {
  carrier?: Row;
  vehicle?: Row;
  party?: Row;
  transfers?: Row[];
}

const ADVANCES = ['freightAdvance', 'fuelCard', 'etcRecharge'];

export function paymentDoc(settlement: Row, driver: Row | undefined, upload: Row, remit?: Row, more: PaymentSources = {}): MinistryPayment {
  const final = {
    kind: 'freight',
    amountFen: (remit ? remit.amountFen : settlement.finalPayFen) == null ? null : Number(remit ? remit.amountFen : settlement.finalPayFen),
    bankSerialNo: text(remit?.bankSerialNo ?? upload.bankSerialNo),
    paidAt: iso(remit?.paidAt ?? settlement.paidAt),
    payMethod: text(remit?.paymentMethod ?? upload.payMethod),
  };
  // The waybill's advances, fuel cards and ETC recharges, each transferred with its own serial, before the final payment.
  const advances = (more.transfers ?? [])
    .filter((t) => t.waybillNo === settlement.waybillNo && t.status === 'transferred' && ADVANCES.includes(String(t.applyType)))
    .sort((a, b) => String(a.transferredAt).localeCompare(String(b.transferredAt)))
    .map((t) => ({
      kind: String(t.applyType),
      amountFen: Number(t.amountFen),
      bankSerialNo: text(t.bankSerialNo),
      paidAt: iso(t.transferredAt),
      payMethod: t.applyType === 'fuelCard' ? 'fuelCard' : 'bankTransfer',
    }));
  const entries = [...advances, final];
  const totalFen = entries.reduce((s, e) => s + Number(e.amountFen ?? 0), 0);
  const individual = more.carrier?.carrierType === 'individual';
  return {
    flowNo: `ZJ${String(settlement.settlementNo ?? '').replace(/^JS/, '')}`,
    waybills: [{ waybillNo: String(settlement.waybillNo), amountFen: totalFen }],
    carrierName: text(individual ? (driver?.name ?? more.carrier?.name) : more.carrier?.name),
    carrierIdNo: text(individual ? settlement.driverIdcard : more.carrier?.uscc),
    plate: text(more.vehicle?.plate),
    plateColor: text(more.vehicle?.plateColor),
    payerName: text(more.party?.name),
    payerAccount: text(remit?.payerAccount),
    payerBank: text(remit?.payerBank),
    payeeCnaps: text(remit?.cnapsCode),
    entries,
    totalFen,
    waybillNo: String(settlement.waybillNo),
    payeeName: text(remit?.payeeName ?? driver?.name),
    payeeAccount: text(remit ? (remit.corporateAccountNo ?? remit.bankCard) : driver?.bankCard),
    payeeBank: text(remit ? remit.bankName : driver?.bankName),
    amountFen: (remit ? remit.amountFen : settlement.finalPayFen) == null ? null : Number(remit ? remit.amountFen : settlement.finalPayFen),
    paidAt: iso(remit?.paidAt ?? settlement.paidAt),
    bankSerialNo: text(remit?.bankSerialNo ?? upload.bankSerialNo),
    payMethod: text(remit?.paymentMethod ?? upload.payMethod),
  };
}

/** A short fingerprint of a document: the job resends a rejected one only once it has changed. */
export const digestOf = (doc: object) => createHash('sha256').update(JSON.stringify(doc)).digest('hex').slice(0, 16);

/** One record of a page as its API shows it (JSON restored, computed money filled in), within one organisation. */
async function one(ctx: AppContext, pageId: string, key: string, value: unknown, partyCode: unknown): Promise<Row | undefined> {
  const page = ctx.schemas.pages.get(pageId);
  if (value == null || !page?.resource) return undefined;
  const row = await dynamicView(ctx.database.db)
    .selectFrom(page.resource.table)
    .selectAll()
    .where(key, '=', String(value))
    .where('partyCode', '=', String(partyCode))
    .executeTakeFirst();
  return row ? { ...toRecord(page, row as Row), partyCode: row.partyCode } : undefined;
}

export async function loadWaybill(ctx: AppContext, waybillNo: unknown, partyCode: unknown): Promise<WaybillSources | null> {
  const waybill = await one(ctx, 'tms/waybill/waybill', 'waybillNo', waybillNo, partyCode);
  if (!waybill) return null;
  const [order, shipper, carrier, driver, vehicle] = await Promise.all([
    one(ctx, 'tms/order/order_manage', 'orderNo', waybill.orderNo, partyCode),
    one(ctx, 'tms/base/shipper', 'code', waybill.shipperCode, partyCode),
    one(ctx, 'tms/base/carrier', 'code', waybill.carrierCode, partyCode),
    one(ctx, 'tms/base/driver', 'idcard', waybill.driverIdcard, partyCode),
    one(ctx, 'tms/base/vehicle', 'plate', waybill.plate, partyCode),
  ]);
  // eslint-disable-next-line no-restricted-syntax -- uscc and roadPermit are columns the organisation pages add, unknown to the core types
  const party = (await ctx.database.db
    .selectFrom('sys_party')
    .select(['name', 'uscc', 'roadPermit'])
    .where('code', '=', String(partyCode))
    .executeTakeFirst()) as Row | undefined;
  return { waybill, order, shipper, carrier, driver, vehicle, party };
}

export async function loadSettlement(
  ctx: AppContext,
  settlementNo: unknown,
  partyCode: unknown,
): Promise<{ settlement: Row; driver?: Row; remit?: Row; more: PaymentSources } | null> {
  const settlement = await one(ctx, 'tms/settlement/settlement', 'settlementNo', settlementNo, partyCode);
  if (!settlement) return null;
  const [driver, remit, carrier, waybill] = await Promise.all([
    one(ctx, 'tms/base/driver', 'idcard', settlement.driverIdcard, partyCode),
    paidRemit(ctx, settlementNo, partyCode),
    one(ctx, 'tms/base/carrier', 'code', settlement.carrierCode, partyCode),
    one(ctx, 'tms/waybill/waybill', 'waybillNo', settlement.waybillNo, partyCode),
  ]);
  const vehicle = await one(ctx, 'tms/base/vehicle', 'plate', waybill?.plate, partyCode);
  const transferPage = ctx.schemas.pages.get('tms/account/LoanList');
  const transfers = transferPage?.resource
    ? (
        await dynamicView(ctx.database.db)
          .selectFrom(transferPage.resource.table)
          .selectAll()
          .where('waybillNo', '=', String(settlement.waybillNo))
          .where('partyCode', '=', String(partyCode))
          .execute()
      ).map((r) => toRecord(transferPage, r as Row))
    : [];
  const party = await ctx.database.core.selectFrom('sys_party').select(['name']).where('code', '=', String(partyCode)).executeTakeFirst();
  return { settlement, driver, remit, more: { carrier, vehicle, party, transfers } };
}

async function paidRemit(ctx: AppContext, settlementNo: unknown, partyCode: unknown): Promise<Row | undefined> {
  const page = ctx.schemas.pages.get('tms/Carrier/Approval');
  if (!page?.resource) return undefined;
  const row = await dynamicView(ctx.database.db)
    .selectFrom(page.resource.table)
    .selectAll()
    .where('settlementNo', '=', String(settlementNo))
    .where('partyCode', '=', String(partyCode))
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toRecord(page, row as Row) : undefined;
}

/** Where a rejected document is fixed: the list of the record the failing field comes from, filtered to it (codes and plates need no escaping, and stay readable). */
export function fixLinkOf(
  errorCode: string | null,
  w: {
    waybillNo?: unknown;
    plate?: unknown;
    driverIdcard?: unknown;
    carrierCode?: unknown;
    shipperCode?: unknown;
    settlementNo?: unknown;
    orderNo?: unknown;
    partyCode?: unknown;
  },
): string | null {
  if (!errorCode) return null;
  const to = (page: string, field: string, value: unknown) => (value ? `#/${page}?${field}=${String(value)}` : null);
  const prefix = errorCode.replace(/_(MISSING|INVALID)$/, '');
  // A payment's payee, amount and time come from its remittance; a bank serial or method is entered on the upload itself.
  if (w.settlementNo)
    return ['PAYEE_NAME', 'PAYEE_ACCOUNT', 'PAYEE_BANK', 'PAYER_ACCOUNT', 'PAYER_BANK', 'AMOUNT', 'PAID_AT'].includes(prefix)
      ? to('tms/Carrier/Approval', 'waybillNo', w.waybillNo)
      : null;
  // The operator's credit code and permit are on its organisation's record; the consignee is the order's.
  if (prefix.startsWith('PLATFORM_')) return to('platformUser/partyManage', 'code', w.partyCode);
  if (prefix.startsWith('CONSIGNEE')) return to('tms/order/order_manage', 'orderNo', w.orderNo);
  if (['PLATE_COLOR', 'TRAILER_PLATE', 'VEHICLE_CERT'].includes(prefix)) return to('tms/base/vehicle', 'plate', w.plate);
  if (prefix.startsWith('DRIVER_')) return to('tms/base/driver', 'idcard', w.driverIdcard);
  if (prefix.startsWith('CARRIER_')) return to('tms/base/carrier', 'code', w.carrierCode);
  if (prefix.startsWith('SHIPPER_')) return to('tms/base/shipper', 'code', w.shipperCode);
  return to('tms/waybill/waybill', 'waybillNo', w.waybillNo);
}
