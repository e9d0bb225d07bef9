import type { AppContext } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { toStored } from '../data/rows.js';
import { computeValues } from '../../shared/schema/computed.js';
import { luhnCheckDigit, residentIdCheckChar, socialCreditCheckChar } from '../../shared/validators.js';
import type { DemoGenerator } from '../db/demoGenerators.js';
import {
  BANKS,
  cnapsOf,
  COMPANY_WORDS,
  FEMALE_GIVEN,
  GOODS_NAMES,
  GOODS_VEHICLES,
  HOME_COUNTIES,
  HUBS,
  INDUSTRY_GOODS,
  INDUSTRY_SUFFIX,
  MALE_GIVEN,
  PARTY_GEO,
  PHONE_PREFIXES,
  STREETS,
  SURNAMES,
  VEHICLE_SPECS,
  type Hub,
} from '../sampleData/freightData.js';
import { Rng } from '../sampleData/rng.js';

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

const SEED = 0x5eed_2026;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const WINDOW_DAYS = 90;
/** China Standard Time, for the date part of document numbers. */
const CST = 8 * HOUR;

type Row = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Identifiers that pass the platform's checks.

const ORG_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11714 organisation code check character. */
function orgCodeCheck(body: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = body[i];
    const v = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * ORG_WEIGHTS[i];
  }
  const r = 11 - (sum % 11);
  return r === 10 ? 'X' : r === 11 ? '0' : String(r);
}

/** Unified social credit code: 9 (market regulator) + 1 enterprise / 2 individual business, area, organisation code, check. */
function uscc(rng: Rng, area: string, individual = false): string {
  const org = rng.chance(0.6) ? `MA${Array.from({ length: 6 }, () => rng.pick(ORG_CHARS.split(''))).join('')}` : rng.digits(8);
  const body = `9${individual ? '2' : '1'}${area}${org}${orgCodeCheck(org)}`;
  return body + socialCreditCheckChar(body)!;
}

function residentId(rng: Rng, male: boolean): string {
  const birth = new Date(Date.UTC(1966, 0, 1) + rng.int(0, 33 * 365) * DAY);
  const ymd = birth.toISOString().slice(0, 10).replace(/-/g, '');
  const seq = rng.int(0, 99) * 10 + (male ? rng.pick([1, 3, 5, 7, 9]) : rng.pick([0, 2, 4, 6, 8]));
  const body = `${rng.pick(HOME_COUNTIES)}${ymd}${String(seq).padStart(3, '0')}`;
  return body + residentIdCheckChar(body)!;
}

const withLuhn = (partial: string) => partial + luhnCheckDigit(partial);

function bankCard(rng: Rng): { bankName: string; bankCard: string } {
  const [bin, len, bankName] = rng.pick(BANKS);
  return { bankName, bankCard: withLuhn(bin + rng.digits(len - bin.length - 1)) };
}

const phone = (rng: Rng) => rng.pick(PHONE_PREFIXES) + rng.digits(8);
const personName = (rng: Rng, male = true) => rng.pick(SURNAMES) + rng.pick(male ? MALE_GIVEN : FEMALE_GIVEN);
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

function plateSerial(rng: Rng): string {
  // Mostly digits with at most two letters, as issued.
  const chars = Array.from({ length: 5 }, () => String(rng.int(0, 9)));
  const letters = rng.weighted([
    [0, 4],
    [1, 4],
    [2, 2],
  ] as const);
  for (let i = 0; i < letters; i++) chars[rng.int(0, 4)] = rng.pick(PLATE_LETTERS.split(''));
  return chars.join('');
}

// ---------------------------------------------------------------------------------------------
// Time helpers.

const iso = (ms: number) => new Date(ms).toISOString();
const cstDate = (ms: number) => new Date(ms + CST).toISOString().slice(0, 10);
const ymd = (ms: number) => cstDate(ms).replace(/-/g, '');
/** A time on the same China day as ms, between the given hours (CST). */
function atCstHour(ms: number, hour: number): number {
  const dayStart = Math.floor((ms + CST) / DAY) * DAY - CST;
  return dayStart + hour * HOUR;
}

/** The China-time clock of an instant, HH:MM. */
function cstClock(ms: number): string {
  return new Date(ms + CST).toISOString().slice(11, 16);
}

function distanceKm(a: Hub, b: Hub, rng: Rng): number {
  if (a === b || a.region[1] === b.region[1]) return rng.int(25, 90);
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(6371 * 2 * Math.asin(Math.sqrt(h)) * 1.22);
}

/** Serial numbers per prefix and China day: YD20261118000123. */
export class Numbers {
  private seq = new Map<string, number>();
  next(prefix: string, ms: number, width: number): string {
    const key = `${prefix}${ymd(ms)}`;
    const n = (this.seq.get(key) ?? 0) + 1;
    this.seq.set(key, n);
    return `${key}${String(n).padStart(width, '0')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The dataset.

export interface FreightDataset {
  now: number;
  tables: Record<string, Row[]>;
}

interface Shipper extends Row {
  code: string;
  partyCode: string;
  hub: Hub;
  industry: string;
  established: boolean;
  weight: number;
}
interface Carrier extends Row {
  code: string;
  partyCode: string;
  hub: Hub;
  established: boolean;
  carrierType: string;
  name: string;
  contact: string;
}
interface Driver extends Row {
  idcard: string;
  name: string;
  carrierCode: string;
  partyCode: string;
  licenseClass: string;
  bankName: string;
  bankCard: string;
}
interface Vehicle extends Row {
  plate: string;
  vehicleType: string;
  vehicleLength: number;
  loadKg: number;
  carrierCode: string;
  driverIdcard: string;
  partyCode: string;
  busyUntil: number;
}

const PARTY_SHARE: [string, number][] = [
  ['C1001', 45],
  ['C1002', 42],
  ['P0001', 13],
];
const SHIPPERS_PER_PARTY: Record<string, number> = { C1001: 17, C1002: 16, P0001: 7 };
const CARRIERS_PER_PARTY: Record<string, number> = { C1001: 11, C1002: 10, P0001: 4 };
const DRIVERS_PER_PARTY: Record<string, number> = { C1001: 53, C1002: 48, P0001: 19 };
const ORDER_COUNT = 3000;

const REJECT_CERT = [
  '营业执照已过期，请上传最新年检后的执照',
  '法人身份证照片模糊，无法核验',
  '统一社会信用代码与营业执照不一致',
  '经营范围不含道路货物运输相关业务',
];
const REJECT_CARGO = [
  '货源信息不完整：缺少卸货详细地址',
  '运价明显低于市场价，涉嫌虚假货源',
  '货物品名与货主经营范围不符',
  '联系人电话无法接通，请核实后重新发布',
];
const REJECT_REMIT = ['收款账户户名与司机身份证姓名不一致', '结算单存在货损争议，待处理后再付款'];
/** The platform's own account that pays carriers (a corporate account: no check digit). */
const PLATFORM_ACCOUNT = '31050161373600002175';
/** The bank holding it (a China Construction Bank Shanghai account, as its number says). */
export const PLATFORM_BANK = '中国建设银行上海市分行';
const REJECT_TRANSFER = ['本月借支额度已用完', '运单尚未装车，不符合预付条件', '收款卡号校验失败，请司机更新银行卡'];
const REJECT_INVOICE = ['购买方税号与营业执照不一致', '所选运单尚未全部签收，请调整账期后重新申请'];

/** Fills a row's stored computed fields with the page's own expressions, so demo figures are the engine's. */
type Compute = (pageId: string, row: Row) => Row;

function buildDataset(now: number, compute: Compute, caps: Map<string, number>): FreightDataset {
  const rng = new Rng(SEED);
  // Money draws (driver price, fees, advances, payees) have their own sequence.
  const mrng = new Rng(SEED ^ 0x5f3759df);
  // Consignees' ID numbers have their own sequence too, so adding them moved no other draw.
  const crng = new Rng(SEED ^ 0x2545f491);
  const start = now - WINDOW_DAYS * DAY;
  const nums = new Numbers();
  const usedNames = new Set<string>();
  const stamp = (created: number, updated = created): Row => ({
    createdAt: iso(created),
    updatedAt: iso(Math.min(Math.max(updated, created), now)),
    createdBy: 'system',
    updatedBy: 'system',
    version: 1,
  });
  const companyName = (hub: Hub, suffixes: string[]) => {
    for (;;) {
      const name = `${hub.name.slice(0, 2)}${rng.pick(COMPANY_WORDS)}${rng.pick(suffixes)}`;
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return name;
      }
    }
  };
  const address = (hub: Hub) => `${hub.name}${rng.pick(STREETS)}${rng.int(1, 999)}号`;

  // --- shippers and their certification files -----------------------------------------------
  const shippers: Shipper[] = [];
  const shipperCerts: Row[] = [];
  let shipperSeq = 10001;
  for (const [party] of PARTY_SHARE) {
    const n = SHIPPERS_PER_PARTY[party];
    const newOnes = party === 'P0001' ? 2 : 4;
    for (let i = 0; i < n; i++) {
      const hub = HUBS[rng.pick(PARTY_GEO[party].home)];
      const industry = rng.pick(Object.keys(INDUSTRY_SUFFIX));
      const established = i < n - newOnes;
      const created = established
        ? now - rng.int(100, 900) * DAY - rng.int(0, 20) * HOUR
        : now - rng.int(1, 12) * DAY - rng.int(0, 20) * HOUR;
      const legalPerson = personName(rng, rng.chance(0.8));
      const s: Shipper = {
        code: `HZ${shipperSeq++}`,
        partyCode: party,
        hub,
        industry,
        established,
        weight: established ? 1 / (i + 1.5) + 0.05 : 0,
        name: companyName(hub, INDUSTRY_SUFFIX[industry]),
        uscc: uscc(rng, hub.area),
        legalPerson,
        contactName: personName(rng, rng.chance(0.6)),
        contactPhone: phone(rng),
        region: hub.region,
        address: address(hub),
        settleCycle: rng.weighted([
          ['monthly', 6],
          ['weekly', 2],
          ['perWaybill', 2],
        ] as const),
        creditLimitFen: rng.int(5, 50) * 10_000_000,
        status: established && rng.chance(0.04) ? 'frozen' : 'active',
        ...stamp(created, created + rng.int(0, 60) * DAY),
      };
      shippers.push(s);
      // Certification: established shippers were approved long ago (a few renewed or renewing now).
      let status = 'approved';
      let certType = 'initial';
      let submitted = created + rng.int(1, 20) * HOUR;
      let reviewed = submitted + rng.int(2, 30) * HOUR;
      if (!established) {
        status = rng.chance(0.75) ? 'pending' : 'rejected';
      } else if (i % 7 === 3) {
        certType = 'renewal';
        submitted = now - rng.int(1, 80) * DAY - rng.int(0, 12) * HOUR;
        reviewed = submitted + rng.int(2, 40) * HOUR;
        if (i % 14 === 3) status = 'pending';
      }
      if (status === 'pending') reviewed = submitted;
      // Approving a certification flags the shipper (the review page's effect); a renewal keeps the earlier approval.
      s.certified = status === 'approved' || certType === 'renewal';
      s.certifiedAt = s.certified ? iso(certType === 'renewal' ? created + DAY : reviewed) : null;
      shipperCerts.push({
        partyCode: party,
        shipperCode: s.code,
        certType,
        companyName: s.name,
        uscc: s.uscc,
        licenseValidUntil: cstDate(now + rng.int(200, 3000) * DAY),
        legalPerson,
        legalPersonIdcard: residentId(rng, true),
        contactName: s.contactName,
        contactPhone: s.contactPhone,
        businessScope: `道路普通货物运输；${rng.pick(GOODS_NAMES[INDUSTRY_GOODS[industry]])}等的批发与零售；仓储服务（不含危险化学品）。`,
        submittedAt: iso(submitted),
        status,
        reviewRemark:
          status === 'approved' ? rng.pick(['资质齐全，准予通过', '营业执照、法人身份证核验一致', '年审资料已更新，通过']) : null,
        rejectReason: status === 'rejected' ? rng.pick(REJECT_CERT) : null,
        ...stamp(Math.min(submitted, created + HOUR), reviewed),
      });
    }
  }

  // --- carriers, drivers, vehicles ---------------------------------------------------------
  const carriers: Carrier[] = [];
  const carrierCerts: Row[] = [];
  const drivers: Driver[] = [];
  const vehicles: Vehicle[] = [];
  let carrierSeq = 20001;
  const usedPlates = new Set<string>();
  for (const [party] of PARTY_SHARE) {
    const n = CARRIERS_PER_PARTY[party];
    const newOnes = party === 'P0001' ? 1 : 2;
    const partyCarriers: Carrier[] = [];
    for (let i = 0; i < n; i++) {
      const hub = HUBS[rng.pick(PARTY_GEO[party].home)];
      const established = i < n - newOnes;
      const carrierType = rng.weighted([
        ['enterprise', 6],
        ['fleet', 3],
        ['individual', 1],
      ] as const);
      const owner = personName(rng);
      const name =
        carrierType === 'individual'
          ? `${owner}（个体运输户）`
          : carrierType === 'fleet'
            ? `${hub.name.slice(0, 2)}${owner.slice(0, 1)}氏运输车队`
            : companyName(hub, ['物流有限公司', '运输有限公司', '供应链管理有限公司', '汽车运输有限公司']);
      const created = established ? now - rng.int(120, 1000) * DAY : now - rng.int(1, 9) * DAY - rng.int(0, 20) * HOUR;
      const quality = Math.min(97, Math.max(58, Math.round(80 + (rng.next() + rng.next() + rng.next() - 1.5) * 16)));
      const score = () => Math.min(100, Math.max(40, quality + rng.int(-9, 9)));
      const permitExpire = now + rng.int(established && i === 2 ? 10 : 60, 1400) * DAY;
      const c: Carrier = {
        code: `CY${carrierSeq++}`,
        partyCode: party,
        hub,
        established,
        name,
        carrierType,
        uscc: uscc(rng, hub.area, carrierType === 'individual'),
        roadPermit: `${hub.area}${rng.digits(6)}`,
        permitExpireAt: cstDate(permitExpire),
        legalPerson: owner,
        contact: carrierType === 'enterprise' ? personName(rng, rng.chance(0.7)) : owner,
        phone: phone(rng),
        region: hub.region,
        fleetSize: carrierType === 'individual' ? 1 : carrierType === 'fleet' ? rng.int(6, 30) : rng.int(25, 260),
        scorePunctuality: score(),
        scoreSafety: score(),
        scoreService: score(),
        scoreCost: score(),
        scoreCapacity: score(),
        status: established && i === 5 ? 'suspended' : 'active',
        remark: established && i === 5 ? '近 30 天货损率偏高，暂停派单整改' : null,
        ...stamp(created, created + rng.int(0, 90) * DAY),
      };
      carriers.push(c);
      partyCarriers.push(c);
      let status = 'approved';
      let certType = 'initial';
      let submitted = created + rng.int(1, 20) * HOUR;
      let reviewed = submitted + rng.int(2, 30) * HOUR;
      if (!established) status = i === n - 1 && party === 'C1002' ? 'rejected' : 'pending';
      else if (i === 4) {
        certType = 'renewal';
        submitted = now - rng.int(0, 3) * DAY - rng.int(1, 20) * HOUR;
        status = party === 'P0001' ? 'approved' : 'pending';
        reviewed = status === 'pending' ? submitted : submitted + rng.int(2, 20) * HOUR;
      }
      c.certified = status === 'approved' || certType === 'renewal';
      c.certifiedAt = c.certified ? iso(certType === 'renewal' ? created + DAY : reviewed) : null;
      carrierCerts.push({
        partyCode: party,
        carrierCode: c.code,
        certType,
        companyName: name,
        carrierType,
        uscc: c.uscc,
        roadPermit: c.roadPermit,
        permitValidUntil: c.permitExpireAt,
        legalPerson: owner,
        legalPersonIdcard: residentId(rng, true),
        contactName: c.contact,
        contactPhone: c.phone,
        vehicleCount: c.fleetSize,
        driverCount: Math.max(1, Math.round(Number(c.fleetSize) * rng.real(0.9, 1.3))),
        submittedAt: iso(submitted),
        status,
        reviewRemark:
          status === 'approved'
            ? rng.pick(['道路运输经营许可证在有效期内，准予通过', '证照核验一致', '车辆行驶证、道路运输证抽查合格'])
            : null,
        rejectReason: status === 'rejected' ? rng.pick(['道路运输经营许可证已过期', '许可证经营范围不含道路普通货物运输']) : null,
        ...stamp(Math.min(submitted, created + HOUR), reviewed),
      });
    }
    // Vehicle types follow the goods this organisation's shippers ship.
    const demand = new Map<string, number>();
    for (const s of shippers.filter((x) => x.partyCode === party)) {
      for (const [type, w] of GOODS_VEHICLES[INDUSTRY_GOODS[s.industry]]) demand.set(type, (demand.get(type) ?? 0) + w);
    }
    const typeWeights = [...demand.entries()] as [string, number][];
    for (let d = 0; d < DRIVERS_PER_PARTY[party]; d++) {
      // Every carrier gets one driver first; the rest go to the bigger fleets.
      const carrier =
        d < partyCarriers.length
          ? partyCarriers[d]
          : rng.weighted(
              partyCarriers.filter((c) => c.carrierType !== 'individual').map((c) => [c, Math.sqrt(Number(c.fleetSize))] as const),
            );
      const vehicleType = d < typeWeights.length ? typeWeights[d][0] : rng.weighted(typeWeights);
      const spec = VEHICLE_SPECS[vehicleType];
      const male = rng.chance(0.97);
      const idcard = residentId(rng, male);
      const card = bankCard(rng);
      const created = Math.max(Date.parse(String(carrier.createdAt)), now - rng.int(95, 700) * DAY);
      const driver: Driver = {
        partyCode: party,
        name: personName(rng, male),
        idcard,
        phone: phone(rng),
        carrierCode: carrier.code,
        licenseClass: spec.license,
        licenseExpireAt: cstDate(now + rng.int(d % 17 === 0 ? 5 : 60, 2200) * DAY),
        qualificationCertNo: idcard,
        qualificationExpireAt: cstDate(now + rng.int(d % 23 === 0 ? 10 : 90, 2000) * DAY),
        ...card,
        status: d % 41 === 40 ? 'disabled' : 'active',
        ...stamp(created, created + rng.int(0, 60) * DAY),
      };
      drivers.push(driver);
      const electric =
        (vehicleType === 'lightVan' && rng.chance(0.5)) ||
        (vehicleType === 'mediumVan' && rng.chance(0.2)) ||
        (vehicleType === 'tractor' && rng.chance(0.05));
      const energyType = electric
        ? rng.chance(0.75)
          ? 'electric'
          : 'hybrid'
        : vehicleType === 'tractor' && rng.chance(0.2)
          ? 'lng'
          : 'diesel';
      let plate = '';
      while (!plate || usedPlates.has(plate)) {
        const prefix = rng.pick(carrier.hub.plate);
        if (!electric) plate = prefix + plateSerial(rng);
        else if (vehicleType === 'lightVan') plate = `${prefix}${rng.pick(['D', 'F'])}${rng.pick(PLATE_LETTERS.split(''))}${rng.digits(4)}`;
        else plate = `${prefix}${rng.digits(5)}${energyType === 'electric' ? 'D' : 'F'}`;
      }
      usedPlates.add(plate);
      vehicles.push({
        partyCode: party,
        plate,
        plateColor: electric ? (vehicleType === 'lightVan' ? 'green' : 'yellowGreen') : vehicleType === 'lightVan' ? 'blue' : 'yellow',
        vehicleType,
        vehicleLength: rng.pick(spec.lengths),
        loadKg: Math.round(rng.int(spec.loadKg[0], spec.loadKg[1]) / 100) * 100,
        energyType,
        roadTransportCertNo: `${carrier.hub.area}${rng.digits(6)}`,
        carrierCode: carrier.code,
        driverIdcard: idcard,
        inspectionExpireAt: cstDate(now + rng.int(d % 19 === 0 ? -5 : 20, 365) * DAY),
        insuranceExpireAt: cstDate(now + rng.int(d % 29 === 0 ? 3 : 30, 365) * DAY),
        status: d % 37 === 36 ? 'maintenance' : 'active',
        busyUntil: 0,
        ...stamp(created, created + rng.int(0, 60) * DAY),
      });
    }
  }
  const carrierByCode = new Map(carriers.map((c) => [c.code, c]));
  const driverById = new Map(drivers.map((d) => [d.idcard, d]));

  // --- orders and waybills -----------------------------------------------------------------
  interface Trip {
    order: Row;
    shipper: Shipper;
    vehicle: Vehicle;
    driver: Driver;
    carrier: Carrier;
    origin: Hub;
    dest: Hub;
    created: number;
    loadStart: number;
    loaded: number;
    delivered: number;
    signed: number;
    valued: number;
    settleCreated: number;
    confirmed: number;
    approved: number;
    paid: number;
    freight: number;
    distance: number;
    onTime: boolean;
    damage: boolean;
    late: boolean;
    cancelled: boolean;
    waybill?: Row;
    weight: number;
    driverFreight: number;
    serviceFee: number;
    advance: number;
    advanceType: string;
    taxWithheld: boolean;
    iitRate: number;
  }
  const orderTimes: number[] = [];
  // Daily volumes grow a little over the window and dip at weekends.
  const dayWeights: number[] = [];
  // Day WINDOW_DAYS is today: orders up to twenty minutes ago, so "orders today" means something.
  for (let d = 0; d <= WINDOW_DAYS; d++) {
    const dow = new Date(start + d * DAY + CST).getUTCDay();
    dayWeights.push((0.8 + 0.4 * (d / WINDOW_DAYS)) * (dow === 0 ? 0.55 : dow === 6 ? 0.75 : 1) * rng.real(0.85, 1.15));
  }
  const dayTotal = dayWeights.reduce((a, b) => a + b, 0);
  for (let d = 0; d <= WINDOW_DAYS; d++) {
    const count = Math.round((dayWeights[d] / dayTotal) * ORDER_COUNT);
    for (let k = 0; k < count; k++) {
      const hour = rng.weighted([
        [7, 2],
        [8, 5],
        [9, 8],
        [10, 9],
        [11, 7],
        [13, 6],
        [14, 8],
        [15, 8],
        [16, 7],
        [17, 5],
        [18, 3],
        [19, 2],
        [20, 1],
        [21, 1],
      ] as const);
      const t = atCstHour(start + d * DAY, hour) + rng.int(0, 3599) * 1000;
      if (t < now - 20 * 60_000) orderTimes.push(t);
    }
  }
  orderTimes.sort((a, b) => a - b);

  const orders: Row[] = [];
  const trips: Trip[] = [];
  const shippersByParty = new Map<string, Shipper[]>();
  for (const s of shippers)
    if (s.established && s.status === 'active') shippersByParty.set(s.partyCode, [...(shippersByParty.get(s.partyCode) ?? []), s]);
  const vehiclesByParty = new Map<string, Vehicle[]>();
  for (const v of vehicles) {
    const c = carrierByCode.get(v.carrierCode)!;
    const driver = driverById.get(v.driverIdcard)!;
    if (c.established && c.status === 'active' && v.status === 'active' && driver.status === 'active')
      vehiclesByParty.set(v.partyCode, [...(vehiclesByParty.get(v.partyCode) ?? []), v]);
  }

  // Documents must still be valid a week after loading, so no trip under way today runs on an expired one.
  const validUntil = (v: Vehicle): string => {
    const d = driverById.get(v.driverIdcard)!;
    const c = carrierByCode.get(v.carrierCode)!;
    const dates = [v.inspectionExpireAt, d.licenseExpireAt, c.permitExpireAt, ...(v.loadKg > 4500 ? [d.qualificationExpireAt] : [])];
    return dates.map(String).sort()[0];
  };
  const pickVehicle = (party: string, type: string, loadStart: number, goodsType: string, weight: number): Vehicle => {
    const suitable = new Set(GOODS_VEHICLES[goodsType].map(([t]) => t));
    const fitting = vehiclesByParty.get(party)!.filter((v) => suitable.has(v.vehicleType));
    const valid = fitting.filter((v) => validUntil(v) >= cstDate(loadStart + 7 * DAY));
    const pool = valid.length ? valid : fitting;
    let candidates = pool.filter((v) => v.vehicleType === type && v.loadKg >= weight);
    if (!candidates.length) candidates = pool.filter((v) => v.loadKg >= weight);
    if (!candidates.length) candidates = pool.filter((v) => v.vehicleType === type);
    if (!candidates.length) candidates = pool;
    const free = candidates.filter((v) => v.busyUntil <= loadStart);
    if (free.length) return rng.pick(free);
    return candidates.reduce((a, b) => (a.busyUntil <= b.busyUntil ? a : b));
  };

  for (const created of orderTimes) {
    const party = rng.weighted(PARTY_SHARE);
    const shipper = rng.weighted(shippersByParty.get(party)!.map((s) => [s, s.weight] as const));
    const drawnGoods = rng.chance(0.85) ? INDUSTRY_GOODS[shipper.industry] : rng.pick(Object.keys(GOODS_NAMES));
    // Goods no vehicle of the organisation can carry are the shipper's usual goods instead.
    const carriable = vehiclesByParty.get(party)!.some((v) => GOODS_VEHICLES[drawnGoods].some(([type]) => type === v.vehicleType));
    const goodsType = carriable ? drawnGoods : INDUSTRY_GOODS[shipper.industry];
    const vehicleType = rng.weighted(GOODS_VEHICLES[goodsType]);
    const origin = rng.chance(0.8) ? shipper.hub : HUBS[rng.pick(PARTY_GEO[party].home)];
    let dest = HUBS[rng.weighted(PARTY_GEO[party].dest)];
    if (vehicleType === 'lightVan' && rng.chance(0.7)) dest = origin;
    const distance = distanceKm(origin, dest, rng);
    const spec = VEHICLE_SPECS[vehicleType];
    const length = rng.pick(spec.lengths);
    const rate = spec.rate * (length >= 17 ? 1.12 : 1) * rng.real(0.9, 1.12);
    const perTruckYuan = Math.min(25_000, Math.max(800, Math.round((distance * rate + rng.int(150, 600)) / 10) * 10));
    const trucks = vehicleType !== 'lightVan' && rng.chance(0.06) ? 2 : 1;
    const weightKg = Math.round(rng.int(spec.loadKg[0] * 0.55, spec.loadKg[1]) / 10) * 10 * trucks;
    // Some shippers buy the platform's matching service on top of the freight (6% VAT, billed separately).
    const serviceRate = shipper.weight % 3 === 0 ? 0.02 : 0;
    const plannedLoad = Math.ceil((created + rng.int(3, 30) * HOUR) / HOUR) * HOUR;
    const orderNo = nums.next('DD', created, 6);
    const businessLine =
      vehicleType === 'refrigerated'
        ? 'coldChain'
        : vehicleType === 'lightVan'
          ? 'cityDelivery'
          : vehicleType === 'mediumVan' && distance < 500
            ? 'ltl'
            : distance > 1600 && rng.chance(0.15)
              ? 'multimodal'
              : 'ftl';
    const consignee = personName(rng, rng.chance(0.7));
    const order: Row = {
      partyCode: party,
      orderNo,
      shipperCode: shipper.code,
      businessLine,
      goodsName: rng.pick(GOODS_NAMES[goodsType]),
      goodsType,
      weightKg,
      volumeM3: ['heavyVan', 'mediumVan', 'lightVan', 'refrigerated'].includes(vehicleType)
        ? Math.round(length * 2.3 * 2.4 * rng.real(0.6, 0.95) * trucks)
        : null,
      originRegion: origin.region,
      originAddress: address(origin),
      destRegion: dest.region,
      destAddress: address(dest),
      consigneeName: consignee,
      consigneePhone: phone(rng),
      consigneeIdNo: residentId(crng, crng.chance(0.5)),
      vehicleType,
      vehicleLength: length,
      plannedLoadAt: iso(plannedLoad),
      quotedFreightFen: perTruckYuan * 100 * trucks,
      status: 'pending',
      dataComplete: true,
      missingItems: null,
      cancelReason: null,
      remark: null,
      ...stamp(created),
    };
    orders.push(order);
    const cancelled = rng.chance(0.03);
    // Most orders find a truck within hours; some wait a day or more for a matching vehicle.
    const dispatchAt = created + (rng.chance(0.85) ? rng.int(20, 300) * 60_000 : rng.int(6, 36) * HOUR);
    if (cancelled && rng.chance(0.5)) {
      order.status = 'cancelled';
      order.cancelReason = rng.pick(['货主取消发货计划', '货物未备齐，改期另行下单', '收货方临时拒收，订单作废']);
      Object.assign(order, stamp(created, created + rng.int(1, 20) * HOUR));
      continue;
    }
    for (let k = 0; k < trucks; k++) {
      const loadStart = Math.max(plannedLoad, dispatchAt + HOUR) + rng.int(0, 120) * 60_000;
      const vehicle = pickVehicle(party, vehicleType, loadStart, goodsType, weightKg / trucks);
      // A load never exceeds the rated load of the vehicle that carries it.
      const weight = Math.min(Math.round(weightKg / trucks), vehicle.loadKg);
      const freight = perTruckYuan * 100;
      const carrier = carrierByCode.get(vehicle.carrierCode)!;
      // The driver's price is 88–93% of the shipper's price excluding VAT, in whole yuan.
      const driverFreight = Math.round(((freight / 1.09) * mrng.real(0.88, 0.93)) / 100) * 100;
      const advance = mrng.chance(0.3) ? Math.round((driverFreight * mrng.pick([0.2, 0.3, 0.4])) / 100) * 100 : 0;
      const loaded = loadStart + rng.int(60, 240) * 60_000;
      const drive = (distance / rng.real(50, 62)) * HOUR + Math.floor(distance / 650) * 8 * HOUR;
      const late = rng.chance(0.08);
      const delivered = loaded + drive * (late ? rng.real(1.25, 1.7) : rng.real(0.9, 1.1)) + rng.int(0, 90) * 60_000;
      const onTime = !late;
      const damage = rng.chance(0.012);
      const signed = delivered + rng.int(2, 30) * HOUR;
      const valued = delivered + rng.int(3, 30) * HOUR;
      const settleCreated = Math.max(signed, valued) + rng.int(10, 240) * 60_000;
      const confirmed = settleCreated + rng.int(6, 60) * HOUR;
      const approved = confirmed + rng.int(1, 20) * HOUR;
      const paid = approved + rng.int(1, 40) * HOUR;
      vehicle.busyUntil = delivered + (distance / 55) * HOUR * 0.6;
      const driver = driverById.get(vehicle.driverIdcard)!;
      trips.push({
        order,
        shipper,
        vehicle,
        driver,
        carrier: carrierByCode.get(vehicle.carrierCode)!,
        origin,
        dest,
        created: dispatchAt + k * rng.int(5, 40) * 60_000,
        loadStart,
        loaded,
        delivered,
        signed,
        valued,
        settleCreated,
        confirmed,
        approved,
        paid,
        freight,
        distance,
        onTime,
        damage,
        late,
        cancelled,
        weight,
        driverFreight,
        serviceFee: Math.round((freight * serviceRate) / 100) * 100,
        advance,
        advanceType: mrng.weighted([
          ['freightAdvance', 5],
          ['fuelCard', 3],
          ['etcRecharge', 2],
        ] as const),
        taxWithheld: carrier.carrierType !== 'enterprise',
        iitRate: carrier.carrierType !== 'enterprise' ? 0.01 : 0,
      });
    }
  }
  trips.sort((a, b) => a.created - b.created);

  // Waybills from the trips, their state as of now, and the order's state from its waybills.
  const waybills: Row[] = [];
  const waybillsByOrder = new Map<Row, Trip[]>();
  for (const t of trips) {
    if (t.created > now) continue;
    let status: string;
    let updated = t.created;
    const cancelAt = t.created + rng.int(30, 50) * 60_000;
    if (t.cancelled && t.loadStart > cancelAt && cancelAt <= now) {
      status = 'cancelled';
      updated = cancelAt;
    } else if (now < t.loadStart) status = 'created';
    else if (now < t.loaded) {
      status = 'loading';
      updated = t.loadStart;
    } else if (now < t.delivered) {
      status = 'inTransit';
      updated = t.loaded;
    } else if (now < t.signed) {
      status = 'delivered';
      updated = t.delivered;
    } else if (now < t.paid) {
      status = 'signed';
      updated = t.signed;
    } else {
      status = 'settled';
      updated = t.paid;
    }
    const reached = (ms: number) => ms <= now && status !== 'cancelled';
    const w: Row = {
      partyCode: t.order.partyCode,
      waybillNo: nums.next('YD', t.created, 6),
      orderNo: t.order.orderNo,
      shipperCode: t.shipper.code,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      plate: t.vehicle.plate,
      originRegion: t.origin.region,
      destRegion: t.dest.region,
      distanceKm: t.distance,
      goodsName: t.order.goodsName,
      goodsType: t.order.goodsType,
      weightKg: t.weight,
      freightFen: t.freight,
      extraFeeFen: 0,
      serviceFeeFen: t.serviceFee,
      driverFreightFen: t.driverFreight,
      advanceFen: 0,
      taxWithheld: t.taxWithheld,
      iitRate: t.iitRate,
      status,
      exceptionFlag: false,
      loadedAt: reached(t.loaded) ? iso(t.loaded) : null,
      deliveredAt: reached(t.delivered) ? iso(t.delivered) : null,
      onTimeDelivery: reached(t.delivered) ? t.onTime : null,
      damage: reached(t.delivered) ? t.damage : null,
      cancelReason: status === 'cancelled' ? rng.pick(['车辆临时故障，改派他车', '货主取消发货', '司机无法按时到场装货']) : null,
      remark: null,
      ...stamp(t.created, updated),
    };
    t.waybill = w;
    waybills.push(w);
    waybillsByOrder.set(t.order, [...(waybillsByOrder.get(t.order) ?? []), t]);
  }
  // An order weighs what its trucks carry.
  for (const ts of waybillsByOrder.values()) ts[0].order.weightKg = ts.reduce((sum, t) => sum + t.weight, 0);

  for (const order of orders) {
    const ts = waybillsByOrder.get(order);
    if (!ts) continue;
    const states = ts.map((t) => String(t.waybill!.status));
    const lastChange = Math.max(...ts.map((t) => Date.parse(String(t.waybill!.updatedAt))));
    if (states.every((s) => s === 'cancelled')) {
      order.status = 'cancelled';
      order.cancelReason = ts[0].waybill!.cancelReason;
    } else if (states.every((s) => ['delivered', 'signed', 'settled', 'cancelled'].includes(s))) order.status = 'completed';
    else if (states.some((s) => ['inTransit', 'delivered', 'signed', 'settled'].includes(s))) order.status = 'inTransit';
    else order.status = 'dispatched';
    Object.assign(order, { updatedAt: iso(Math.min(now, Math.max(lastChange, Date.parse(String(order.createdAt))))) });
  }
  // Orders still missing documents: recent completions waiting for the signed receipt, a few older gaps.
  for (const order of orders) {
    const ts = waybillsByOrder.get(order);
    if (order.status === 'completed' && ts) {
      const lastDelivered = Math.max(...ts.map((t) => t.delivered));
      const age = now - lastDelivered;
      const missing: string[] = [];
      if (age < 3 * DAY && rng.chance(0.12)) missing.push('receipt');
      if (age < 10 * DAY && rng.chance(0.02)) missing.push('trackData');
      if (rng.chance(0.002)) missing.push('contract');
      if (missing.length && rng.chance(0.3)) missing.push('goodsPhoto');
      if (missing.length) Object.assign(order, { dataComplete: false, missingItems: missing });
    } else if ((order.status === 'pending' || order.status === 'dispatched') && rng.chance(0.06)) {
      Object.assign(order, { dataComplete: false, missingItems: ['consignee'] });
    }
  }

  // --- exceptions and track alerts ---------------------------------------------------------
  const exceptions: Row[] = [];
  const alerts: Row[] = [];
  const events: { t: Trip; at: number; type: string }[] = [];
  for (const t of trips) {
    const w = t.waybill;
    if (!w || w.status === 'cancelled' || t.loaded > now) continue;
    const inTransitUntil = Math.min(now, t.delivered);
    if (t.damage && t.delivered <= now)
      events.push({ t, at: t.delivered + rng.int(10, 120) * 60_000, type: rng.chance(0.8) ? 'damage' : 'shortage' });
    if (t.late && t.delivered <= now && rng.chance(0.5)) events.push({ t, at: t.loaded + (t.delivered - t.loaded) * 0.7, type: 'delay' });
    if (rng.chance(0.05))
      events.push({
        t,
        at: t.loaded + (inTransitUntil - t.loaded) * rng.real(0.1, 0.95),
        type: rng.weighted([
          ['routeDeviation', 4],
          ['breakdown', 3],
          ['accident', 1],
          ['other', 1],
        ] as const),
      });
    if (t.delivered <= now && rng.chance(0.004)) events.push({ t, at: t.delivered + HOUR, type: 'refusal' });
    // Track alerts: about one trip in four raises one or two.
    if (t.loaded > now - 60 * DAY && rng.chance(0.28)) {
      for (let k = rng.int(1, 2); k > 0; k--) {
        const f = rng.real(0.05, 0.95);
        const at = t.loaded + (inTransitUntil - t.loaded) * f;
        const drawn = rng.weighted([
          ['routeDeviation', 3],
          ['longStop', 4],
          ['signalLost', 3],
          ['speeding', 2],
          ['fatigueDriving', 2],
          ['nightDriving', 3],
          ['geofence', 1],
        ] as const);
        // Night driving is raised only between 02:00 and 05:00 China time; at other hours the stop is a long stop.
        const cstHour = new Date(at + CST).getUTCHours();
        // An alert's duration fits in the trip: four hours at the wheel need four hours since loading, a
        // stop or a lost signal ends before the truck arrives (or now, for a truck still on the road).
        const elapsedMin = Math.floor((at - t.loaded) / 60_000);
        const remainingMin = Math.floor((inTransitUntil - at) / 60_000);
        let type: string = drawn === 'nightDriving' && (cstHour < 2 || cstHour >= 5) ? 'longStop' : drawn;
        if (type === 'fatigueDriving' && elapsedMin < 240) type = 'longStop';
        if ((type === 'longStop' && remainingMin < 90) || (type === 'signalLost' && remainingMin < 20)) type = 'routeDeviation';
        const lng = t.origin.lng + (t.dest.lng - t.origin.lng) * f + rng.real(-0.15, 0.15);
        const lat = t.origin.lat + (t.dest.lat - t.origin.lat) * f + rng.real(-0.15, 0.15);
        const near = Object.values(HUBS).reduce((a, b) =>
          (a.lng - lng) ** 2 + (a.lat - lat) ** 2 <= (b.lng - lng) ** 2 + (b.lat - lat) ** 2 ? a : b,
        );
        const speed = type === 'speeding' ? rng.int(92, 118) : type === 'longStop' || type === 'signalLost' ? 0 : rng.int(45, 85);
        const dev = type === 'routeDeviation' ? Math.round(rng.real(3, 60) * 10) / 10 : null;
        const untilFive = Math.floor((atCstHour(at - 2 * HOUR, 5) - at) / 60_000);
        const minutes =
          type === 'longStop'
            ? Math.min(rng.int(90, 420), remainingMin)
            : type === 'signalLost'
              ? Math.min(rng.int(20, 180), remainingMin)
              : type === 'fatigueDriving'
                ? Math.min(rng.int(240, 330), elapsedMin)
                : type === 'nightDriving'
                  ? Math.max(10, Math.min(rng.int(60, 200), untilFive))
                  : rng.int(2, 25);
        const level =
          type === 'speeding' || (type === 'routeDeviation' && (dev ?? 0) > 30) || type === 'fatigueDriving'
            ? 'high'
            : type === 'longStop' || type === 'routeDeviation'
              ? 'medium'
              : 'low';
        const where = `${near.name}附近`;
        const text: Record<string, string> = {
          routeDeviation: `车辆 ${t.vehicle.plate} 在${where}偏离规划路线 ${dev} 公里，持续 ${minutes} 分钟`,
          longStop: `车辆 ${t.vehicle.plate} 在${where}停车 ${minutes} 分钟，超过 90 分钟阈值`,
          signalLost: `车辆 ${t.vehicle.plate} 北斗定位信号中断 ${minutes} 分钟（${where}）`,
          speeding: `车辆 ${t.vehicle.plate} 在${where}高速路段车速 ${speed} km/h，超过限速`,
          fatigueDriving: `司机 ${t.driver.name} 连续驾驶 ${minutes} 分钟未休息，超过 4 小时限制`,
          nightDriving: `车辆 ${t.vehicle.plate} 凌晨 ${cstClock(at)} 起在${where}夜间行驶 ${minutes} 分钟（02:00–05:00 禁行时段）`,
          geofence: `车辆 ${t.vehicle.plate} 驶入非计划区域电子围栏（${where}）`,
        };
        alerts.push({
          partyCode: w.partyCode,
          occurredAt: iso(at),
          waybillNo: w.waybillNo,
          plate: t.vehicle.plate,
          driverIdcard: t.driver.idcard,
          alertType: type,
          level,
          region: near.region.slice(0, 2),
          longitude: Math.round(lng * 1e6) / 1e6,
          latitude: Math.round(lat * 1e6) / 1e6,
          speedKmh: speed,
          deviationKm: dev,
          durationMin: minutes,
          description: text[type],
          ...stamp(at),
        });
        if (type === 'routeDeviation' && level === 'high' && rng.chance(0.3))
          events.push({ t, at: at + 15 * 60_000, type: 'routeDeviation' });
      }
    }
  }
  events.sort((a, b) => a.at - b.at);
  const seenException = new Set<string>();
  for (const e of events) {
    if (e.at > now) continue;
    const key = `${e.t.waybill!.waybillNo}:${e.type}`;
    if (seenException.has(key)) continue;
    seenException.add(key);
    e.t.waybill!.exceptionFlag = true;
    const age = now - e.at;
    const status =
      age < 2 * DAY
        ? rng.chance(0.8)
          ? 'open'
          : 'processing'
        : age < 7 * DAY
          ? rng.weighted([
              ['open', 4],
              ['processing', 6],
              ['closed', 10],
            ] as const)
          : 'closed';
    const severity =
      e.type === 'accident'
        ? 'critical'
        : e.type === 'damage' || e.type === 'shortage'
          ? rng.weighted([
              ['minor', 3],
              ['major', 2],
            ] as const)
          : rng.weighted([
              ['minor', 4],
              ['major', 1],
            ] as const);
    const claim = e.type === 'damage' || e.type === 'shortage' ? rng.int(5, 80) * 10_000 : null;
    const desc: Record<string, string> = {
      delay: `预计送达时间已过，车辆仍在途，收货方催问（运单 ${e.t.waybill!.waybillNo}）`,
      damage: `卸货时发现 ${e.t.order.goodsName} 外包装破损，约 ${rng.int(2, 30)} 件受损，已拍照留证`,
      shortage: `到货清点短少 ${rng.int(1, 12)} 件，与装车单不符`,
      routeDeviation: `车辆偏离规划路线，司机称绕行避堵，待核实`,
      accident: `车辆在高速路段发生追尾，无人员伤亡，货物待转运`,
      breakdown: `车辆途中故障（${rng.pick(['轮胎爆胎', '发动机故障灯亮', '制动气压不足'])}），已联系救援`,
      refusal: `收货方以货物规格不符为由拒收，货物暂存当地`,
      other: `司机反映装货现场排队超过 6 小时`,
    };
    const closedAt = e.at + rng.int(4, 96) * HOUR;
    exceptions.push({
      partyCode: e.t.waybill!.partyCode,
      exceptionNo: nums.next('YC', e.at, 4),
      waybillNo: e.t.waybill!.waybillNo,
      plate: e.t.vehicle.plate,
      driverIdcard: e.t.driver.idcard,
      exceptionType: e.type,
      severity,
      occurredAt: iso(e.at),
      region: (e.at > e.t.delivered ? e.t.dest : e.t.origin).region.slice(0, 2),
      reportedBy:
        e.type === 'routeDeviation'
          ? 'monitoring'
          : e.type === 'damage' || e.type === 'shortage' || e.type === 'refusal'
            ? rng.pick(['consignee', 'shipper', 'driver'])
            : rng.pick(['driver', 'customerService']),
      description: desc[e.type],
      claimFen: claim,
      status,
      handleRemark:
        status !== 'open' ? rng.pick(['已联系司机核实现场情况', '已通知承运商负责人跟进', '已与收货方沟通，约定次日处理']) : null,
      resolution:
        status === 'closed'
          ? rng.pick([
              '已协商按实际损失赔付，从运费中扣除',
              '核实为正常绕行，不予处罚',
              '已转运并送达，收货方确认',
              '货物已补发，客户确认关闭',
            ])
          : null,
      compensationFen: status === 'closed' && claim ? Math.round((claim * rng.real(0.4, 1)) / 100) * 100 : null,
      ...stamp(
        e.at + rng.int(5, 60) * 60_000,
        status === 'closed' ? closedAt : status === 'processing' ? e.at + rng.int(1, 6) * HOUR : e.at,
      ),
    });
  }

  // --- payees: the actual carrier (the driver, or the company into its corporate account) or a
  // fleet captain the fleet has authorised in writing -------------------------------------------
  const payees = new Map<string, Row>();
  const payeeOf = (t: Trip): Row => {
    if (t.carrier.carrierType === 'individual') {
      return {
        payeeType: 'actualCarrier',
        accountType: 'personal',
        payeeName: t.driver.name,
        bankName: t.driver.bankName,
        bankCard: t.driver.bankCard,
        cnapsCode: cnapsOf(t.driver.bankName, t.driver.bankCard),
        authorisationNo: null,
        corporateAccountNo: null,
      };
    }
    let p = payees.get(t.carrier.code);
    if (!p) {
      const card = bankCard(mrng);
      p =
        t.carrier.carrierType === 'enterprise'
          ? {
              payeeType: 'actualCarrier',
              accountType: 'corporate',
              payeeName: t.carrier.name,
              bankName: card.bankName,
              bankCard: null,
              corporateAccountNo: `${mrng.int(1, 9)}${mrng.digits(mrng.pick([15, 17, 18]))}`,
              cnapsCode: mrng.digits(12),
              authorisationNo: null,
            }
          : {
              payeeType: 'fleetCaptain',
              accountType: 'personal',
              payeeName: t.carrier.contact,
              ...card,
              cnapsCode: cnapsOf(card.bankName, card.bankCard),
              corporateAccountNo: null,
              authorisationNo: `SQ${t.carrier.code.slice(2)}${mrng.digits(6)}`,
            };
      payees.set(t.carrier.code, p);
    }
    return p;
  };

  // --- advances (freight advance, fuel card, ETC), paid around loading and deducted at settlement
  const transfers: Row[] = [];
  for (const t of trips) {
    const w = t.waybill;
    if (!w || w.status === 'cancelled' || !t.advance) continue;
    const at = t.loaded - mrng.int(10, 90) * 60_000;
    if (at > now) continue;
    const decided = at + mrng.int(10, 50) * 60_000;
    const transferred = decided + mrng.int(5, 30) * 60_000;
    const status = decided > now ? 'pending' : transferred > now ? 'approved' : 'transferred';
    if (status === 'transferred') w.advanceFen = t.advance;
    transfers.push({
      partyCode: w.partyCode,
      applyNo: nums.next('ZZ', at, 4),
      applyType: t.advanceType,
      waybillNo: w.waybillNo,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      payeeName: t.driver.name,
      bankName: t.driver.bankName,
      bankCard: t.driver.bankCard,
      amountFen: t.advance,
      reason: {
        freightAdvance: `运单 ${w.waybillNo} 装车后预付运费（油费、路费），结算时从尾款扣除`,
        fuelCard: `运单 ${w.waybillNo} 油卡预付，结算时从尾款扣除`,
        etcRecharge: `运单 ${w.waybillNo} ETC 预充，结算时从尾款扣除`,
      }[t.advanceType],
      status,
      approveRemark: status === 'pending' ? null : mrng.pick(['同意', '额度内，同意', null]),
      rejectReason: null,
      bankSerialNo: status === 'transferred' ? `${ymd(transferred)}${mrng.digits(12)}` : null,
      transferredAt: status === 'transferred' ? iso(transferred) : null,
      ...stamp(at, status === 'pending' ? at : status === 'transferred' ? transferred : decided),
    });
  }

  // --- freight valuation, settlements, remittances, payment reminders ----------------------
  const valuations: Row[] = [];
  const settlements: Row[] = [];
  const remits: Row[] = [];
  const reminders: Row[] = [];
  for (const t of trips) {
    const w = t.waybill;
    if (!w || w.status === 'cancelled' || t.delivered > now) continue;
    const loadingFee = rng.chance(0.3) ? rng.int(10, 50) * 1000 : 0;
    const waitingFee = rng.chance(0.1) ? rng.int(20, 80) * 1000 : 0;
    const deductionReason = t.damage ? 'damage' : t.late && rng.chance(0.6) ? 'late' : rng.chance(0.005) ? 'receiptMissing' : 'none';
    const deduction =
      deductionReason === 'damage'
        ? Math.min(rng.int(5, 30) * 10_000, Math.round((t.driverFreight * 0.3) / 100) * 100)
        : deductionReason === 'late'
          ? Math.round((t.driverFreight * rng.real(0.02, 0.05)) / 100) * 100
          : deductionReason === 'receiptMissing'
            ? 20_000
            : 0;
    const disputed = t.valued <= now && (t.damage || rng.chance(0.004)) && rng.chance(0.5);
    const valStatus = t.valued > now ? 'pending' : disputed ? 'disputed' : 'valued';
    const valuated = t.driverFreight + loadingFee + waitingFee - deduction;
    valuations.push({
      partyCode: w.partyCode,
      waybillNo: w.waybillNo,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      deliveredAt: iso(t.delivered),
      contractFreightFen: t.driverFreight,
      loadingFeeFen: loadingFee,
      waitingFeeFen: waitingFee,
      deductionFen: deduction,
      deductionReason,
      valuatedFreightFen: valStatus === 'valued' ? valuated : null,
      status: valStatus,
      valuationRemark:
        valStatus === 'disputed'
          ? rng.pick(['司机对货损扣款金额有异议，待客服协调', '装卸费金额双方未达成一致'])
          : valStatus === 'valued' && deduction
            ? `扣款：${deductionReason === 'late' ? '超时送达' : deductionReason === 'damage' ? '货损' : '回单缺失'}`
            : null,
      ...stamp(t.delivered + rng.int(5, 40) * 60_000, valStatus === 'pending' ? t.delivered : t.valued),
    });
    if (valStatus === 'disputed' && w.status === 'settled') w.status = 'signed';
    // Agreed loading and waiting fees are paid to the driver and billed to the shipper.
    if (valStatus === 'valued') w.extraFeeFen = loadingFee + waitingFee;
    if (valStatus !== 'valued' || t.settleCreated > now) continue;
    if (w.status === 'delivered') continue;
    const remitRejected = rng.chance(0.006);
    const paid = !remitRejected && t.paid <= now;
    const settleStatus = t.confirmed > now ? 'pending' : paid ? 'paid' : 'confirmed';
    const settlementNo = nums.next('JS', t.settleCreated, 6);
    const s: Row = {
      partyCode: w.partyCode,
      settlementNo,
      waybillNo: w.waybillNo,
      shipperCode: t.shipper.code,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      freightFen: t.driverFreight,
      extraFeeFen: loadingFee + waitingFee,
      deductionFen: deduction,
      taxWithheld: t.taxWithheld,
      iitRate: t.iitRate,
      advanceFen: w.advanceFen,
      status: settleStatus,
      confirmedAt: settleStatus === 'pending' ? null : iso(t.confirmed),
      paidAt: paid ? iso(t.paid) : null,
      remark: null,
      ...stamp(t.settleCreated, settleStatus === 'pending' ? t.settleCreated : paid ? t.paid : t.confirmed),
    };
    compute('tms/settlement/settlement', s);
    settlements.push(s);
    const finalPay = Number(s.finalPayFen);
    if (remitRejected && w.status === 'settled') w.status = 'signed';

    if (settleStatus === 'pending') continue;
    const remitStatus = remitRejected
      ? t.approved <= now
        ? 'rejected'
        : 'pending'
      : t.approved > now
        ? 'pending'
        : t.paid > now
          ? 'approved'
          : 'paid';
    remits.push({
      partyCode: w.partyCode,
      remitNo: nums.next('FK', t.confirmed, 4),
      settlementNo,
      waybillNo: w.waybillNo,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      ...payeeOf(t),
      amountFen: finalPay,
      paymentMethod: mrng.weighted([
        ['bankTransfer', 3],
        ['cloudPay', 2],
      ] as const),
      payerAccount: PLATFORM_ACCOUNT,
      payerBank: PLATFORM_BANK,
      status: remitStatus,
      approveRemark: remitStatus === 'approved' || remitStatus === 'paid' ? rng.pick(['同意付款', '金额核对无误', null]) : null,
      rejectReason: remitStatus === 'rejected' ? rng.pick(REJECT_REMIT) : null,
      bankSerialNo: remitStatus === 'paid' ? `${ymd(t.paid)}${rng.digits(12)}` : null,
      paidAt: remitStatus === 'paid' ? iso(t.paid) : null,
      ...stamp(
        t.confirmed + rng.int(1, 20) * 60_000,
        remitStatus === 'pending' ? t.confirmed : remitStatus === 'approved' || remitStatus === 'rejected' ? t.approved : t.paid,
      ),
    });
    // Drivers chase payments that are confirmed but not paid within a day.
    const chaseAt = t.confirmed + rng.int(14, 24) * HOUR;
    const unpaidUntil = remitRejected ? Number.POSITIVE_INFINITY : t.paid;
    if (chaseAt <= now && chaseAt < unpaidUntil && rng.chance(remitRejected ? 1 : 0.6)) {
      const handledAt = remitRejected ? chaseAt + rng.int(2, 60) * HOUR : t.paid + rng.int(10, 120) * 60_000;
      const status = handledAt <= now ? (rng.chance(0.95) ? 'handled' : 'dismissed') : 'pending';
      const overdue = Math.max(0, Math.floor((Math.min(now, handledAt) - t.confirmed) / DAY));
      reminders.push({
        partyCode: w.partyCode,
        title: `运单 ${w.waybillNo} 运费催付`,
        channel: rng.weighted([
          ['driverApp', 6],
          ['hotline', 2],
          ['sms', 1],
          ['wechat', 2],
        ] as const),
        settlementNo,
        waybillNo: w.waybillNo,
        carrierCode: t.carrier.code,
        driverIdcard: t.driver.idcard,
        amountFen: finalPay,
        overdueDays: overdue,
        content: rng.pick([
          `${t.driver.name}师傅：${t.origin.name}—${t.dest.name} 运单已签收，结算已确认，运费尾款 ${(finalPay / 100).toFixed(2)} 元仍未到账，请尽快安排。`,
          `司机来电催款：运单 ${w.waybillNo} 回单已交，运费何时到账？`,
          `承运商 ${t.carrier.name} 反馈本周结算款未到账，涉及运单 ${w.waybillNo}。`,
        ]),
        sentAt: iso(chaseAt),
        status,
        handleRemark:
          status === 'handled'
            ? remitRejected
              ? '已请司机更新收款卡，重新发起打款'
              : '已付款，已告知司机到账时间'
            : status === 'dismissed'
              ? '重复提醒，已合并处理'
              : null,
        ...stamp(chaseAt, status === 'pending' ? chaseAt : handledAt),
      });
    }
  }

  // --- the annual income cap: a driver's settlements that would take the year's withheld income past
  // the cap of the organisation's tax configuration stay pending (held), unpaid, as the server holds them.
  const yearIncome = new Map<string, number>();
  const held = new Set<unknown>();
  for (const s of settlements
    .filter((x) => x.taxWithheld && x.confirmedAt)
    .sort((a, b) => String(a.confirmedAt).localeCompare(String(b.confirmedAt)))) {
    const key = `${String(s.partyCode)}|${String(s.driverIdcard)}|${new Date(Date.parse(String(s.confirmedAt)) + 8 * HOUR).getUTCFullYear()}`;
    const total = (yearIncome.get(key) ?? 0) + Number(s.incomeFen);
    if (total <= (caps.get(String(s.partyCode)) ?? DEFAULT_CAP_FEN)) {
      yearIncome.set(key, total);
      continue;
    }
    held.add(s.settlementNo);
    Object.assign(s, {
      status: 'pending',
      confirmedAt: null,
      paidAt: null,
      remark: '司机本年经营所得已达年度上限，暂缓确认',
      updatedAt: s.createdAt,
    });
  }
  if (held.size) {
    remits.splice(0, remits.length, ...remits.filter((r) => !held.has(r.settlementNo)));
    reminders.splice(0, reminders.length, ...reminders.filter((r) => !held.has(r.settlementNo)));
    const heldWaybills = new Set(settlements.filter((s) => held.has(s.settlementNo)).map((s) => s.waybillNo));
    for (const w of waybills) if (w.status === 'settled' && heldWaybills.has(w.waybillNo)) w.status = 'signed';
  }

  // --- transfer requests (advances, fuel cards, ETC, withdrawals, loans) --------------------
  const activeTrips = trips.filter((t) => t.waybill && t.waybill.status !== 'cancelled' && t.loaded <= now);
  // About one draw in four is a withdrawal or a loan: some three hundred, a few still waiting for a decision.
  for (let i = 0; i < 1300; i++) {
    const t = rng.pick(activeTrips);
    const drawn = rng.weighted([
      ['freightAdvance', 5],
      ['fuelCard', 3],
      ['etcRecharge', 2],
      ['withdraw', 2],
      ['driverLoan', 1],
    ] as const);
    // Advances against a waybill come from the trips above; these are the driver's own withdrawals and loans.
    if (drawn !== 'withdraw' && drawn !== 'driverLoan') continue;
    const applyType: string = drawn;
    const at =
      applyType === 'freightAdvance'
        ? t.loaded - rng.int(10, 90) * 60_000
        : t.loaded + rng.real(0, 1) * (Math.min(now, t.delivered + 2 * DAY) - t.loaded);
    if (at > now) continue;
    const amount =
      applyType === 'freightAdvance'
        ? Math.round((t.freight * rng.pick([0.2, 0.3, 0.4])) / 100) * 100
        : applyType === 'fuelCard'
          ? rng.int(5, 30) * 10_000
          : applyType === 'etcRecharge'
            ? rng.int(5, 20) * 10_000
            : applyType === 'withdraw'
              ? rng.int(10, 150) * 10_000
              : rng.int(10, 50) * 10_000;
    const decided = at + rng.int(2, 70) * HOUR;
    const rejected = rng.chance(0.05);
    const transferred = decided + rng.int(1, 8) * HOUR;
    const status = decided > now ? 'pending' : rejected ? 'rejected' : transferred > now ? 'approved' : 'transferred';
    transfers.push({
      partyCode: t.waybill!.partyCode,
      applyNo: nums.next('ZZ', at, 4),
      applyType,
      waybillNo: applyType === 'driverLoan' ? t.waybill!.waybillNo : null,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      payeeName: t.driver.name,
      bankName: t.driver.bankName,
      bankCard: t.driver.bankCard,
      amountFen: amount,
      reason: {
        freightAdvance: `运单 ${t.waybill!.waybillNo} 装车后预付运费（油费、路费）`,
        fuelCard: '油卡余额不足，申请充值',
        etcRecharge: 'ETC 卡余额不足，申请充值',
        withdraw: '运费余额提现',
        driverLoan: `运单 ${t.waybill!.waybillNo} 途中车辆维修临时借支，从下次运费中扣回`,
      }[applyType],
      status,
      approveRemark: status === 'approved' || status === 'transferred' ? rng.pick(['同意', '额度内，同意', null]) : null,
      rejectReason: status === 'rejected' ? rng.pick(REJECT_TRANSFER) : null,
      bankSerialNo: status === 'transferred' ? `${ymd(transferred)}${rng.digits(12)}` : null,
      transferredAt: status === 'transferred' ? iso(transferred) : null,
      ...stamp(at, status === 'pending' ? at : status === 'transferred' ? transferred : decided),
    });
  }
  transfers.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  fitWithdrawalsToWallets(transfers);

  // --- cargo listings -----------------------------------------------------------------------
  const cargo: Row[] = [];
  for (let i = 0; i < 900; i++) {
    const at = start + rng.real(0, 1) * (now - start);
    const party = rng.weighted(PARTY_SHARE);
    const shipper = rng.weighted(shippersByParty.get(party)!.map((s) => [s, s.weight] as const));
    const goodsType = INDUSTRY_GOODS[shipper.industry];
    const vehicleType = rng.weighted(GOODS_VEHICLES[goodsType]);
    const spec = VEHICLE_SPECS[vehicleType];
    const dest = HUBS[rng.weighted(PARTY_GEO[party].dest)];
    const distance = distanceKm(shipper.hub, dest, rng);
    const loadStartAt = Math.ceil((at + rng.int(6, 72) * HOUR) / HOUR) * HOUR;
    const decided = at + rng.int(1, 40) * HOUR;
    const rejected = rng.chance(0.07);
    const closed = loadStartAt + rng.int(12, 72) * HOUR;
    const status = decided > now ? 'pending' : rejected ? 'rejected' : closed > now ? 'published' : 'closed';
    cargo.push({
      partyCode: party,
      cargoNo: nums.next('HY', at, 4),
      shipperCode: shipper.code,
      goodsName: rng.pick(GOODS_NAMES[goodsType]),
      goodsType,
      weightKg: Math.round(rng.int(spec.loadKg[0] * 0.6, spec.loadKg[1]) / 10) * 10,
      volumeM3: null,
      originRegion: shipper.hub.region,
      destRegion: dest.region,
      loadStartAt: iso(loadStartAt),
      vehicleType,
      vehicleLength: rng.pick(spec.lengths),
      truckCount: rng.weighted([
        [1, 7],
        [2, 2],
        [3, 1],
        [5, 1],
      ] as const),
      expectedFreightFen: Math.min(2_500_000, Math.max(80_000, Math.round(distance * spec.rate * rng.real(0.85, 1.05)) * 100)),
      contactName: shipper.contactName,
      contactPhone: shipper.contactPhone,
      status,
      auditRemark: status === 'published' || status === 'closed' ? rng.pick(['信息完整，准予发布', null]) : null,
      rejectReason: status === 'rejected' ? rng.pick(REJECT_CARGO) : null,
      remark: null,
      ...stamp(at, status === 'pending' ? at : status === 'closed' ? closed : decided),
    });
  }
  cargo.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));

  // --- invoices (weekly requests per shipper) and monthly reconciliation statements ---------
  const invoices: Row[] = [];
  const statements: Row[] = [];
  // Freight invoices and statements cover transport only (9%); the service fee is invoiced on its own at 6%.
  const billed = (t: Trip) => Number(t.waybill!.shipperTotalFen) - Number(t.waybill!.serviceFeeFen);
  const exclVat = (t: Trip) => Number(t.waybill!.revenueExVatFen) - Math.round(Number(t.waybill!.serviceFeeFen) / 1.06);
  const signedByShipper = new Map<string, Trip[]>();
  for (const t of trips) {
    if (!t.waybill || !['signed', 'settled'].includes(String(t.waybill.status))) continue;
    signedByShipper.set(t.shipper.code, [...(signedByShipper.get(t.shipper.code) ?? []), t]);
  }
  for (const shipper of shippers) {
    const ts = signedByShipper.get(shipper.code) ?? [];
    if (!ts.length) continue;
    const offset = rng.int(0, 6);
    for (let from = start + offset * DAY; from < now - 2 * DAY; from += 7 * DAY) {
      const to = from + 7 * DAY;
      const inPeriod = ts.filter((t) => t.signed >= from && t.signed < to);
      if (!inPeriod.length) continue;
      const at = to + rng.int(2, 40) * HOUR;
      if (at > now) continue;
      for (const t of inPeriod) compute('tms/waybill/waybill', t.waybill!);
      const amount = inPeriod.reduce((s, t) => s + billed(t), 0);
      const excl = inPeriod.reduce((s, t) => s + exclVat(t), 0);
      const lead = inPeriod[0];
      const decided = at + rng.int(10, 130) * HOUR;
      const rejected = rng.chance(0.03);
      const status = decided > now ? 'pending' : rejected ? 'rejected' : 'issued';
      invoices.push({
        partyCode: shipper.partyCode,
        applyNo: nums.next('KP', at, 4),
        shipperCode: shipper.code,
        buyerName: shipper.name,
        buyerTaxNo: shipper.uscc,
        invoiceType: rng.weighted([
          ['eSpecial', 8],
          ['eNormal', 1],
          ['paperSpecial', 1],
        ] as const),
        serviceType: 'transport',
        taxRate: 0.09,
        periodFrom: cstDate(from),
        periodTo: cstDate(to - DAY),
        waybillCount: inPeriod.length,
        amountFen: amount,
        taxFen: amount - excl,
        waybillNos: inPeriod.map((t) => t.waybill!.waybillNo),
        originRegion: lead.origin.region,
        destRegion: lead.dest.region,
        vehicleInfo:
          [...new Set(inPeriod.map((t) => t.vehicle.plate))].slice(0, 3).join('、') +
          (new Set(inPeriod.map((t) => t.vehicle.plate)).size > 3 ? ' 等' : ''),
        goodsName: [...new Set(inPeriod.map((t) => String(t.order.goodsName)))].slice(0, 3).join('、'),
        status,
        invoiceNo: status === 'issued' ? `${ymd(decided).slice(2, 4)}${rng.digits(18)}` : null,
        issuedAt: status === 'issued' ? iso(decided) : null,
        rejectReason: status === 'rejected' ? rng.pick(REJECT_INVOICE) : null,
        remark: null,
        ...stamp(at, status === 'pending' ? at : decided),
      });
    }
    // Statements for every month that has ended, created on the 1st–3rd of the next month.
    const months = new Map<string, Trip[]>();
    for (const t of ts) months.set(cstDate(t.signed).slice(0, 7), [...(months.get(cstDate(t.signed).slice(0, 7)) ?? []), t]);
    const current = cstDate(now).slice(0, 7);
    let seq = 0;
    for (const [period, list] of [...months.entries()].sort()) {
      if (period >= current) continue;
      const [y, m] = period.split('-').map(Number);
      const at = Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - CST + rng.int(9, 70) * HOUR;
      if (at > now) continue;
      for (const t of list) compute('tms/waybill/waybill', t.waybill!);
      const total = list.reduce((s, t) => s + billed(t), 0);
      const excl = list.reduce((s, t) => s + exclVat(t), 0);
      const age = now - at;
      const status =
        age < 2 * DAY
          ? rng.weighted([
              ['draft', 1],
              ['sent', 2],
            ] as const)
          : age < 10 * DAY
            ? rng.weighted([
                ['sent', 2],
                ['confirmed', 5],
                ['disputed', 1],
              ] as const)
            : rng.weighted([
                ['confirmed', 20],
                ['disputed', 1],
              ] as const);
      seq++;
      statements.push({
        partyCode: shipper.partyCode,
        statementNo: `DZ${period.replace('-', '')}${String(shippers.indexOf(shipper) + 1).padStart(2, '0')}${String(seq).padStart(2, '0')}`,
        shipperCode: shipper.code,
        period,
        waybillCount: list.length,
        freightFen: excl,
        taxRate: 0.09,
        taxFen: total - excl,
        totalFen: total,
        status,
        disputeReason: status === 'disputed' ? rng.pick(['两票运单货损扣款未体现', '对账金额与我方台账相差一票运费']) : null,
        remark: null,
        ...stamp(at, status === 'draft' ? at : at + rng.int(2, 100) * HOUR),
      });
    }
  }
  invoices.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  statements.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));

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

/**
 * Withdrawals come out of the driver's wallet, which loans fill: going through the requests in the
 * order their money would move, a withdrawal paid out takes at most what the wallet holds by then (in
 * whole hundreds of yuan) and one that would have found it empty was never paid; a request still
 * waiting asks for at most what the wallet holds where it holds anything. The wallet's ledger itself
 * is written through the wallet's own code once the rows are stored (demo/driverWallets.ts).
 */
function fitWithdrawalsToWallets(transfers: Row[]) {
  const movesAt = (r: Row) => String(r.transferredAt ?? r.createdAt);
  const wallet = new Map<string, number>();
  const dropped = new Set<Row>();
  for (const r of [...transfers]
    .filter((x) => x.applyType === 'withdraw' || x.applyType === 'driverLoan')
    .sort((a, b) => movesAt(a).localeCompare(movesAt(b)))) {
    const key = String(r.driverIdcard);
    const balance = wallet.get(key) ?? 0;
    if (r.applyType === 'driverLoan') {
      if (r.status === 'transferred') wallet.set(key, balance + Number(r.amountFen));
      continue;
    }
    const fits = Math.min(Number(r.amountFen), Math.floor(balance / 10_000) * 10_000);
    // A request not paid out (waiting, approved or rejected) stays, for what the wallet holds if it holds anything.
    if (r.status !== 'transferred') {
      if (fits > 0) r.amountFen = fits;
      continue;
    }
    if (fits <= 0) {
      dropped.add(r);
      continue;
    }
    r.amountFen = fits;
    wallet.set(key, balance - fits);
  }
  transfers.splice(0, transfers.length, ...transfers.filter((r) => !dropped.has(r)));
}

// ---------------------------------------------------------------------------------------------
// Generators: one dataset per database, each page inserts its own rows.

const datasets = new WeakMap<AppContext, FreightDataset>();

/** The freight dataset of this database (built once, on first use, relative to that moment). */
/** The cap of an organisation without an active business-income configuration (yuan 120,000 a year). */
const DEFAULT_CAP_FEN = 12_000_000;

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
      await trx
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
