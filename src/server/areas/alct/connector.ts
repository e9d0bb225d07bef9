import { isBankCard, isPlateNumber, isResidentId } from '../../../shared/validators.js';
import { seedOf } from '../../connectors/sandbox.js';

/**
 * ALCT, the logistics-payment platform a network freight operator pays drivers and withholds their
 * taxes through: it must know each vehicle and driver before it accepts a waybill for payment.
 * Answers carry the provider's own wording (Chinese), as the real platform's do.
 */
export interface AlctCredentials {
  enterpriseCode: string;
  appKey: string;
}

export interface AlctShipment {
  waybillNo: string;
  /** The waybill's state in the operator's TMS: ALCT accepts only signed-for freight for payment. */
  waybillStatus: string;
  plate: string;
  vehicleRemoteId: string | null;
  driverIdcard: string;
  driverRemoteId: string | null;
  amountFen: number;
  taxCode: string | null;
}

export interface AlctVehicle {
  plate: string;
  plateColor: string;
  vehicleTypeCode: string;
  roadTransportCertNo: string;
  vin: string;
  owner: string;
}

export interface AlctDriver {
  idcard: string;
  name: string;
  mobile: string;
  bankCard: string;
}

export type AlctAnswer =
  | { ok: true; status: 'pushed' | 'accepted' | 'registered'; remoteId: string; message: string }
  | { ok: false; errorCode: string; message: string };

export interface AlctConnector {
  pushShipment(cred: AlctCredentials, shipment: AlctShipment, at: Date): Promise<AlctAnswer>;
  registerVehicle(cred: AlctCredentials, vehicle: AlctVehicle, at: Date): Promise<AlctAnswer>;
  registerDriver(cred: AlctCredentials, driver: AlctDriver, at: Date): Promise<AlctAnswer>;
}

const refused = (errorCode: string, message: string): AlctAnswer => ({ ok: false, errorCode, message });
const ymd = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
const digits = (seed: number, n: number) => String(seed % 10 ** n).padStart(n, '0');

const VIN_VALUES: Record<string, number> = Object.fromEntries([
  ...'0123456789'.split('').map((c, i) => [c, i]),
  ...'ABCDEFGH'.split('').map((c, i) => [c, i + 1]),
  ...'JKLMN'.split('').map((c, i) => [c, i + 1]),
  ['P', 7],
  ['R', 9],
  ...'STUVWXYZ'.split('').map((c, i) => [c, i + 2]),
]);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check character of a 17-character VIN (GB 16735, position 9), or null for a malformed one. */
export function vinCheckChar(vin: string): string | null {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return null;
  const sum = vin.split('').reduce((s, c, i) => s + VIN_VALUES[c] * VIN_WEIGHTS[i], 0);
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** GA 24.4 type codes of goods vehicles and tractors; light and mini ones (≤ 4.5 t) need no road transport certificate. */
const TYPE_CODE = /^[HQG][1-5][0-9A-Z]$/;
const LIGHT_TYPE = /^[HQ][345]/;

function checkCredentials(cred: AlctCredentials): AlctAnswer | null {
  if (!/^[A-Z0-9]{8,20}$/.test(cred.enterpriseCode)) return refused('ENTERPRISE_UNKNOWN', '企业编码不存在');
  if (!/^[A-Za-z0-9]{8,40}$/.test(cred.appKey)) return refused('AUTH_FAILED', 'AppKey 无效，鉴权失败');
  return null;
}

/**
 * The sandbox: answers follow from the input alone, so the same request always gets the same
 * answer, and it refuses what the real platform refuses (unregistered vehicle or driver, freight not
 * yet signed for, a VIN with a wrong check character, a heavy vehicle without its certificate).
 */
export const sandbox: AlctConnector = {
  async pushShipment(cred, s, at) {
    const bad = checkCredentials(cred);
    if (bad) return bad;
    if (s.waybillStatus === 'cancelled') return refused('WAYBILL_CANCELLED', `运单 ${s.waybillNo} 已作废`);
    if (s.waybillStatus === 'created' || s.waybillStatus === 'loading')
      return refused('WAYBILL_NOT_DEPARTED', `运单 ${s.waybillNo} 尚未发车，不能申请代付`);
    if (!Number.isInteger(s.amountFen) || s.amountFen <= 0) return refused('AMOUNT_INVALID', '司机运费须大于 0');
    if (!s.taxCode || !/^\d{19}$/.test(s.taxCode)) return refused('TAX_ITEM_MISSING', '未指定有效的税收分类编码');
    if (!s.vehicleRemoteId) return refused('VEHICLE_NOT_REGISTERED', `车辆 ${s.plate} 未在 ALCT 登记`);
    if (!s.driverRemoteId) return refused('DRIVER_NOT_REGISTERED', '司机未在 ALCT 注册或未签署代征协议');
    const remoteId = `AL${ymd(at)}${digits(seedOf(cred.enterpriseCode, s.waybillNo), 6)}`;
    if (s.waybillStatus === 'signed' || s.waybillStatus === 'settled')
      return { ok: true, status: 'accepted', remoteId, message: '已受理，进入代付队列' };
    return { ok: true, status: 'pushed', remoteId, message: '已接收，待签收回单后受理' };
  },

  async registerVehicle(cred, v) {
    const bad = checkCredentials(cred);
    if (bad) return bad;
    if (!isPlateNumber(v.plate)) return refused('PLATE_INVALID', `车牌号 ${v.plate} 格式错误`);
    if (!TYPE_CODE.test(v.vehicleTypeCode)) return refused('TYPE_CODE_INVALID', `车辆类型代码 ${v.vehicleTypeCode} 不是货车或牵引车代码`);
    const check = vinCheckChar(v.vin);
    if (!check) return refused('VIN_INVALID', '车辆识别代号须为 17 位，且不含 I、O、Q');
    if (v.vin[8] !== check) return refused('VIN_CHECK_FAILED', `车辆识别代号校验位错误（第 9 位应为 ${check}）`);
    if (!LIGHT_TYPE.test(v.vehicleTypeCode) && /000000$/.test(v.roadTransportCertNo)) {
      return refused('CERT_REQUIRED', '总质量 4.5 吨以上车辆须提供道路运输证号');
    }
    return { ok: true, status: 'registered', remoteId: `ALV${digits(seedOf(cred.enterpriseCode, v.plate), 8)}`, message: '车辆登记成功' };
  },

  async registerDriver(cred, d, at) {
    const bad = checkCredentials(cred);
    if (bad) return bad;
    if (!isResidentId(d.idcard, at)) return refused('IDCARD_INVALID', '身份证号码无效');
    const born = Date.UTC(Number(d.idcard.slice(6, 10)), Number(d.idcard.slice(10, 12)) - 1, Number(d.idcard.slice(12, 14)));
    const age = (at.getTime() - born) / (365.25 * 86_400_000);
    if (age >= 60) return refused('DRIVER_OVER_AGE', '司机年满 60 周岁，不能从事道路货物运输经营');
    if (!isBankCard(d.bankCard)) return refused('BANK_CARD_INVALID', '银行卡号校验失败');
    if (d.name.length < 2) return refused('NAME_MISMATCH', '身份证姓名核验不一致');
    return {
      ok: true,
      status: 'registered',
      remoteId: `ALD${digits(seedOf(cred.enterpriseCode, d.idcard), 8)}`,
      message: '实名认证通过，代征协议已签署',
    };
  },
};

/** The connector of a configuration. No production endpoint is wired into this build, so both environments answer from the sandbox. */
export function alctConnector(): AlctConnector {
  return sandbox;
}
