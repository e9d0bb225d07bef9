/** Shared pieces of the freight demo dataset: seeds, identifiers that pass the platform's checks, row types and the base every part draws on. Each part runs in order, so the draws stay in sequence (demo/freight.ts). */
import { luhnCheckDigit, residentIdCheckChar, socialCreditCheckChar } from '../../../shared/validators.js';
import {
  BANKS,
  COMPANY_WORDS,
  FEMALE_GIVEN,
  HOME_COUNTIES,
  MALE_GIVEN,
  PHONE_PREFIXES,
  STREETS,
  SURNAMES,
  type Hub,
} from '../../sampleData/freightData.js';
import { Rng } from '../../sampleData/rng.js';

export const SEED = 0x5eed_2026;
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const WINDOW_DAYS = 90;
/** China Standard Time, for the date part of document numbers. */
export const CST = 8 * HOUR;

export type Row = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Identifiers that pass the platform's checks.

export const ORG_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11714 organisation code check character. */
export function orgCodeCheck(body: string): string {
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
export function uscc(rng: Rng, area: string, individual = false): string {
  const org = rng.chance(0.6) ? `MA${Array.from({ length: 6 }, () => rng.pick(ORG_CHARS.split(''))).join('')}` : rng.digits(8);
  const body = `9${individual ? '2' : '1'}${area}${org}${orgCodeCheck(org)}`;
  return body + socialCreditCheckChar(body)!;
}

export function residentId(rng: Rng, male: boolean): string {
  const birth = new Date(Date.UTC(1966, 0, 1) + rng.int(0, 33 * 365) * DAY);
  const ymd = birth.toISOString().slice(0, 10).replace(/-/g, '');
  const seq = rng.int(0, 99) * 10 + (male ? rng.pick([1, 3, 5, 7, 9]) : rng.pick([0, 2, 4, 6, 8]));
  const body = `${rng.pick(HOME_COUNTIES)}${ymd}${String(seq).padStart(3, '0')}`;
  return body + residentIdCheckChar(body)!;
}

export const withLuhn = (partial: string) => partial + luhnCheckDigit(partial);

export function bankCard(rng: Rng): { bankName: string; bankCard: string } {
  const [bin, len, bankName] = rng.pick(BANKS);
  return { bankName, bankCard: withLuhn(bin + rng.digits(len - bin.length - 1)) };
}

export const phone = (rng: Rng) => rng.pick(PHONE_PREFIXES) + rng.digits(8);
export const personName = (rng: Rng, male = true) => rng.pick(SURNAMES) + rng.pick(male ? MALE_GIVEN : FEMALE_GIVEN);
export const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

export function plateSerial(rng: Rng): string {
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

export const iso = (ms: number) => new Date(ms).toISOString();
export const cstDate = (ms: number) => new Date(ms + CST).toISOString().slice(0, 10);
export const ymd = (ms: number) => cstDate(ms).replace(/-/g, '');
/** A time on the same China day as ms, between the given hours (CST). */
export function atCstHour(ms: number, hour: number): number {
  const dayStart = Math.floor((ms + CST) / DAY) * DAY - CST;
  return dayStart + hour * HOUR;
}

/** The China-time clock of an instant, HH:MM. */
export function cstClock(ms: number): string {
  return new Date(ms + CST).toISOString().slice(11, 16);
}

export function distanceKm(a: Hub, b: Hub, rng: Rng): number {
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

export interface Shipper extends Row {
  code: string;
  partyCode: string;
  hub: Hub;
  industry: string;
  established: boolean;
  weight: number;
}
export interface Carrier extends Row {
  code: string;
  partyCode: string;
  hub: Hub;
  established: boolean;
  carrierType: string;
  name: string;
  contact: string;
}
export interface Driver extends Row {
  idcard: string;
  name: string;
  carrierCode: string;
  partyCode: string;
  licenseClass: string;
  bankName: string;
  bankCard: string;
}
export interface Vehicle extends Row {
  plate: string;
  vehicleType: string;
  vehicleLength: number;
  loadKg: number;
  carrierCode: string;
  driverIdcard: string;
  partyCode: string;
  busyUntil: number;
}

export const PARTY_SHARE: [string, number][] = [
  ['C1001', 45],
  ['C1002', 42],
  ['P0001', 13],
];
export const SHIPPERS_PER_PARTY: Record<string, number> = { C1001: 17, C1002: 16, P0001: 7 };
export const CARRIERS_PER_PARTY: Record<string, number> = { C1001: 11, C1002: 10, P0001: 4 };
export const DRIVERS_PER_PARTY: Record<string, number> = { C1001: 53, C1002: 48, P0001: 19 };
export const ORDER_COUNT = 3000;

export const REJECT_CERT = [
  '营业执照已过期，请上传最新年检后的执照',
  '法人身份证照片模糊，无法核验',
  '统一社会信用代码与营业执照不一致',
  '经营范围不含道路货物运输相关业务',
];
export const REJECT_CARGO = [
  '货源信息不完整：缺少卸货详细地址',
  '运价明显低于市场价，涉嫌虚假货源',
  '货物品名与货主经营范围不符',
  '联系人电话无法接通，请核实后重新发布',
];
export const REJECT_REMIT = ['收款账户户名与司机身份证姓名不一致', '结算单存在货损争议，待处理后再付款'];
/** The platform's own account that pays carriers (a corporate account: no check digit). */
export const PLATFORM_ACCOUNT = '31050161373600002175';
/** The bank holding it (a China Construction Bank Shanghai account, as its number says). */
export const PLATFORM_BANK = '中国建设银行上海市分行';
export const REJECT_TRANSFER = ['本月借支额度已用完', '运单尚未装车，不符合预付条件', '收款卡号校验失败，请司机更新银行卡'];
export const REJECT_INVOICE = ['购买方税号与营业执照不一致', '所选运单尚未全部签收，请调整账期后重新申请'];

/** Fills a row's stored computed fields with the page's own expressions, so demo figures are the engine's. */
export type Compute = (pageId: string, row: Row) => Row;

export interface Trip {
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

/** What every part of the dataset draws on: the random sequences, the clock and the shared naming helpers. */
export function freightBase(now: number, compute: Compute, caps: Map<string, number>) {
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
  return { now, compute, caps, rng, mrng, crng, start, nums, usedNames, stamp, companyName, address };
}
export type FreightBase = ReturnType<typeof freightBase>;

/** The cap of an organisation without an active business-income configuration (yuan 120,000 a year). */
export const DEFAULT_CAP_FEN = 12_000_000;
