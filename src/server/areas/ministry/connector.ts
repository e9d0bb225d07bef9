import {
  isBankCard,
  isCorporateAccount,
  isPlateNumber,
  isResidentId,
  isRoadTransportPermit,
  isSocialCreditCode,
  isVehicleTransportCert,
} from '../../../shared/validators.js';
import { seedOf } from '../../connectors/sandbox.js';
import { isCountyCode } from '../../../shared/regions/index.js';

/**
 * The provincial monitoring system (省级网络货运信息监测系统) every network freight operator uploads
 * each electronic waybill (电子运单) and each payment (资金流水单) to. It checks a document's required
 * fields and answers with a receipt id, or refuses it naming the first field missing or invalid, in
 * the ministry's own wording.
 */
export interface MinistryWaybill {
  /** The network freight operator uploading: the organisation's name and credit code. */
  platformName: string | null;
  platformCreditCode: string | null;
  /** Its network freight permit: the road transport permit whose scope includes network freight. */
  platformPermitNo: string | null;
  waybillNo: string;
  /** The original (consignment) no. the waybill carries out, and its segment within it. */
  consignmentNo: string | null;
  segmentNo: string;
  /** When the waybill was created. */
  createdAt: string | null;
  /** Transport organisation type (运输组织类型代码): 1 road transport by one vehicle. */
  transportOrgTypeCode: string;
  /** The consignor as its own party. */
  consignorName: string | null;
  consignorCreditCode: string | null;
  shipperName: string | null;
  shipperCreditCode: string | null;
  carrierName: string | null;
  /** A company's credit code, or an individual carrier's ID number. */
  carrierCreditCode: string | null;
  carrierPermitNo: string | null;
  plate: string | null;
  plateColor: string | null;
  /** Tractors pull a trailer whose plate must be declared. */
  isTractor: boolean;
  trailerPlate: string | null;
  /** Rated load in kg: vehicles up to 4.5 t carry the area code + 000000 as their certificate number. */
  loadKg: number | null;
  roadTransportCertNo: string | null;
  driverName: string | null;
  driverIdcard: string | null;
  driverQualificationNo: string | null;
  goodsName: string | null;
  goodsClassCode: string | null;
  weightKg: number | null;
  loadRegionCode: string | null;
  unloadRegionCode: string | null;
  /** The loading and unloading addresses as text, beside their county codes. */
  loadAddress: string | null;
  unloadAddress: string | null;
  volumeM3: number | null;
  pieces: number | null;
  vehicleCount: number;
  consigneeName: string | null;
  /** The consignee's resident ID number, or its unified social credit code. */
  consigneeIdNo: string | null;
  businessTypeCode: string | null;
  departedAt: string | null;
  signedAt: string | null;
  freightFen: number | null;
  contractNo: string | null;
  insured: boolean;
  insuranceCompanyCode: string | null;
  insurancePolicyNo: string | null;
}

/** One payment of a waybill in its funds-flow document: the final freight payment or an advance, fuel card or ETC recharge. */
export interface MinistryPaymentEntry {
  kind: string;
  amountFen: number | null;
  bankSerialNo: string | null;
  paidAt: string | null;
  payMethod: string | null;
}

export interface MinistryPayment {
  /** The funds-flow document's own no. */
  flowNo: string;
  waybillNo: string;
  /** The waybills it pays, each with its amount (one waybill per settlement). */
  waybills: { waybillNo: string; amountFen: number }[];
  carrierName: string | null;
  /** The actual carrier's credit code, or an individual's ID number. */
  carrierIdNo: string | null;
  plate: string | null;
  plateColor: string | null;
  payerName: string | null;
  payerAccount: string | null;
  /** The bank holding the payer account (required for a bank transfer). */
  payerBank: string | null;
  payeeCnaps: string | null;
  /** Every payment of the waybill, advances and fuel cards included, one entry each. */
  entries: MinistryPaymentEntry[];
  totalFen: number;
  payeeName: string | null;
  payeeAccount: string | null;
  payeeBank: string | null;
  amountFen: number | null;
  paidAt: string | null;
  bankSerialNo: string | null;
  payMethod: string | null;
}

export type MinistryAnswer = { ok: true; receiptId: string; message: string } | { ok: false; errorCode: string; message: string };

export interface MinistryConnector {
  uploadWaybill(doc: MinistryWaybill, at: Date): Promise<MinistryAnswer>;
  uploadPayment(doc: MinistryPayment, at: Date): Promise<MinistryAnswer>;
}

/** Payment methods the monitoring system knows (bank transfer, cloud enterprise pay, third-party payment, fuel card). */
export const PAY_METHODS = ['bankTransfer', 'cloudPay', 'thirdParty', 'fuelCard'] as const;

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const ymd = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
/** A county-level code of the complete division list: a province or city code names no place to load at. */
const isRegionCode = (v: string) => isCountyCode(v);

type Check = [code: string, failing: boolean, reason: string];

/** The first failing check, in the order the ministry's manual lists the fields. */
function firstFailure(prefix: string, checks: Check[]): MinistryAnswer | null {
  const bad = checks.find(([, failing]) => failing);
  return bad ? { ok: false, errorCode: bad[0], message: `${prefix} ${bad[2]}` } : null;
}

function required(code: string, value: unknown, label: string, valid?: (v: string) => boolean): Check[] {
  return [
    [`${code}_MISSING`, blank(value), `缺少${label}`],
    [`${code}_INVALID`, !blank(value) && !!valid && !valid(String(value)), `${label}格式不正确（${String(value)}）`],
  ];
}

export function checkWaybill(w: MinistryWaybill): MinistryAnswer | null {
  const light = (w.loadKg ?? 0) > 0 && (w.loadKg ?? 0) <= 4500;
  const cert = (v: string) => isVehicleTransportCert(v) && (light || !v.endsWith('000000'));
  return firstFailure(`运单 ${w.waybillNo}`, [
    ...required('PLATFORM_NAME', w.platformName, '网络货运经营者名称'),
    ...required('PLATFORM_CREDIT_CODE', w.platformCreditCode, '网络货运经营者统一社会信用代码', isSocialCreditCode),
    ...required('PLATFORM_PERMIT', w.platformPermitNo, '网络货运经营者道路运输经营许可证号', isRoadTransportPermit),
    ...required('WAYBILL_NO', w.waybillNo, '运单号', (v) => /^YD\d{14}$/.test(v)),
    ...required('CONSIGNMENT_NO', w.consignmentNo, '原始单号'),
    ...required('SEGMENT_NO', w.segmentNo, '分段分单号', (v) => /^\d{1,3}$/.test(v)),
    ...required('CREATED_AT', w.createdAt, '运单生成时间'),
    ...required('TRANSPORT_ORG_TYPE', w.transportOrgTypeCode, '运输组织类型代码', (v) => /^[1-3]$/.test(v)),
    ...required('CONSIGNOR_NAME', w.consignorName, '托运人（发货方）名称'),
    ...required('CONSIGNOR_CREDIT_CODE', w.consignorCreditCode, '托运人（发货方）统一社会信用代码', isSocialCreditCode),
    ...required('SHIPPER_NAME', w.shipperName, '托运人名称'),
    ...required('SHIPPER_CREDIT_CODE', w.shipperCreditCode, '托运人统一社会信用代码', isSocialCreditCode),
    ...required('CARRIER_NAME', w.carrierName, '实际承运人名称'),
    ...required(
      'CARRIER_CREDIT_CODE',
      w.carrierCreditCode,
      '实际承运人统一社会信用代码或身份证号',
      (v) => isSocialCreditCode(v) || isResidentId(v),
    ),
    ...required('CARRIER_PERMIT', w.carrierPermitNo, '实际承运人道路运输经营许可证号', isRoadTransportPermit),
    ...required('PLATE', w.plate, '车辆牌照号', isPlateNumber),
    ...required('PLATE_COLOR', w.plateColor, '车牌颜色'),
    ...(w.isTractor
      ? required('TRAILER_PLATE', w.trailerPlate, `牵引车 ${w.plate ?? ''} 的挂车牌照号`, (v) => /挂$/.test(v) || isPlateNumber(v))
      : []),
    ...required('VEHICLE_CERT', w.roadTransportCertNo, '车辆道路运输证号', cert),
    ...required('DRIVER_NAME', w.driverName, '驾驶员姓名'),
    ...required('DRIVER_IDCARD', w.driverIdcard, '驾驶员身份证号', (v) => isResidentId(v)),
    ...required('DRIVER_QUALIFICATION', w.driverQualificationNo, '驾驶员从业资格证号', (v) => /^(\d{17}[\dX]|\d{12})$/.test(v)),
    ...required('GOODS_NAME', w.goodsName, '货物名称'),
    ...required('GOODS_CLASS', w.goodsClassCode, '货物分类代码', (v) => /^\d{2,4}$/.test(v)),
    ['WEIGHT_INVALID', !(Number(w.weightKg) > 0), '货物重量须大于 0'],
    ...required('LOAD_REGION', w.loadRegionCode, '装货地行政区划代码', isRegionCode),
    ...required('UNLOAD_REGION', w.unloadRegionCode, '卸货地行政区划代码', isRegionCode),
    ...required('LOAD_ADDRESS', w.loadAddress, '装货地址'),
    ...required('UNLOAD_ADDRESS', w.unloadAddress, '卸货地址'),
    ['VOLUME_INVALID', w.volumeM3 !== null && !(Number(w.volumeM3) > 0), '货物体积须大于 0'],
    ['PIECES_INVALID', w.pieces !== null && !(Number.isInteger(w.pieces) && Number(w.pieces) > 0), '货物件数须为正整数'],
    ['VEHICLE_COUNT_INVALID', !(Number.isInteger(w.vehicleCount) && w.vehicleCount > 0), '车辆总数须为正整数'],
    ...required('CONSIGNEE', w.consigneeName, '收货方名称'),
    ...required('CONSIGNEE_ID', w.consigneeIdNo, '收货方身份证号或统一社会信用代码', (v) => isResidentId(v) || isSocialCreditCode(v)),
    ...required('BUSINESS_TYPE', w.businessTypeCode, '业务类型代码', (v) => /^\d{7}$/.test(v)),
    ...required('DEPARTED_AT', w.departedAt, '发车时间'),
    ...required('SIGNED_AT', w.signedAt, '到达（签收）时间'),
    [
      'TIME_ORDER',
      !blank(w.departedAt) && !blank(w.signedAt) && Date.parse(String(w.signedAt)) < Date.parse(String(w.departedAt)),
      '到达时间早于发车时间',
    ],
    ['FREIGHT_INVALID', !(Number.isInteger(w.freightFen) && Number(w.freightFen) > 0), '运费金额须为大于 0 的整数（分）'],
    ...required('CONTRACT_NO', w.contractNo, '运输合同编号'),
    ...(w.insured
      ? [
          ...required('INSURANCE_COMPANY', w.insuranceCompanyCode, '保险公司代码'),
          ...required('INSURANCE_POLICY', w.insurancePolicyNo, '保险单号'),
        ]
      : []),
  ]);
}

export function checkPayment(p: MinistryPayment): MinistryAnswer | null {
  return firstFailure(`运单 ${p.waybillNo} 资金流水单`, [
    ...required('WAYBILL_NO', p.waybillNo, '运单号', (v) => /^YD\d{14}$/.test(v)),
    ...required('PAYEE_NAME', p.payeeName, '收款方名称'),
    ...required('PAYEE_ACCOUNT', p.payeeAccount, '收款方账号', (v) => isBankCard(v) || isCorporateAccount(v)),
    ...required('PAYEE_BANK', p.payeeBank, '收款方开户行'),
    ['AMOUNT_INVALID', !(Number.isInteger(p.amountFen) && Number(p.amountFen) > 0), '付款金额须为大于 0 的整数（分）'],
    ...required('PAID_AT', p.paidAt, '付款时间'),
    ...required('BANK_SERIAL', p.bankSerialNo, '银行流水号', (v) => /^[0-9A-Za-z]{10,32}$/.test(v)),
    ...required('PAY_METHOD', p.payMethod, '付款方式', (v) => (PAY_METHODS as readonly string[]).includes(v)),
    ...required('FLOW_NO', p.flowNo, '资金流水单号'),
    ...required('CARRIER_NAME', p.carrierName, '实际承运人名称'),
    ...required('CARRIER_ID', p.carrierIdNo, '实际承运人统一社会信用代码或身份证号', (v) => isSocialCreditCode(v) || isResidentId(v)),
    ...required('PLATE', p.plate, '车辆牌照号', isPlateNumber),
    ...required('PLATE_COLOR', p.plateColor, '车牌颜色'),
    ...required('PAYER_NAME', p.payerName, '付款方名称'),
    ...required('PAYER_ACCOUNT', p.payerAccount, '付款方账号', isCorporateAccount),
    ...(p.payMethod === 'bankTransfer' ? required('PAYER_BANK', p.payerBank, '付款方开户行') : []),
    ...required('PAYEE_CNAPS', p.payeeCnaps, '收款方开户行行号', (v) => /^\d{12}$/.test(v)),
    ...p.entries.flatMap((e, i): Check[] => [
      [
        `ENTRY_AMOUNT_INVALID`,
        !(Number.isInteger(e.amountFen) && Number(e.amountFen) > 0),
        `第 ${i + 1} 笔付款金额须为大于 0 的整数（分）`,
      ],
      [`ENTRY_SERIAL_MISSING`, !e.bankSerialNo || !/^[0-9A-Za-z]{10,32}$/.test(e.bankSerialNo), `第 ${i + 1} 笔付款缺少银行流水号`],
      [`ENTRY_PAID_AT_MISSING`, blank(e.paidAt), `第 ${i + 1} 笔付款缺少付款时间`],
      [`ENTRY_METHOD_INVALID`, !(PAY_METHODS as readonly string[]).includes(String(e.payMethod)), `第 ${i + 1} 笔付款方式格式不正确`],
    ]),
    [
      'TOTAL_MISMATCH',
      !p.entries.length || p.totalFen !== p.entries.reduce((s, e) => s + Number(e.amountFen ?? 0), 0),
      '资金流水合计金额与各笔付款之和不符',
    ],
    ['WAYBILL_AMOUNT_MISMATCH', p.waybills.reduce((s, w) => s + w.amountFen, 0) !== p.totalFen, '运单金额之和与资金流水合计金额不符'],
  ]);
}

/** The sandbox: the answer follows from the document alone, so resending the same document gets the same receipt. */
export const sandbox: MinistryConnector = {
  async uploadWaybill(doc, at) {
    return (
      checkWaybill(doc) ?? {
        ok: true,
        receiptId: `JCYD${ymd(at)}${String(seedOf('waybill', doc.waybillNo) % 1e8).padStart(8, '0')}`,
        message: '电子运单上传成功',
      }
    );
  },
  async uploadPayment(doc, at) {
    return (
      checkPayment(doc) ?? {
        ok: true,
        receiptId: `JCZJ${ymd(at)}${String(seedOf('payment', doc.waybillNo, doc.bankSerialNo) % 1e8).padStart(8, '0')}`,
        message: '资金流水单上传成功',
      }
    );
  },
};

export function ministryConnector(): MinistryConnector {
  return sandbox;
}
