import { describe, expect, it } from 'vitest';
import { sandbox, type MinistryPayment, type MinistryWaybill } from './connector.js';

const at = new Date('2026-11-20T06:00:00Z');
const waybill: MinistryWaybill = {
  platformName: '华东智运物流有限公司',
  platformCreditCode: '91350100M000100Y43',
  platformPermitNo: '310114003526',
  consignmentNo: 'DD20261118000045',
  segmentNo: '1',
  createdAt: '2026-11-17T08:00:00Z',
  transportOrgTypeCode: '1',
  consignorName: '常州恒力钢材有限公司',
  consignorCreditCode: '91350100M000100Y43',
  loadAddress: '江苏省常州市天宁区青洋北路 88 号',
  unloadAddress: '上海市浦东新区申江路 1500 号',
  volumeM3: null,
  pieces: null,
  vehicleCount: 1,
  insuranceCompanyCode: null,
  waybillNo: 'YD20261118000123',
  shipperName: '常州恒力钢材有限公司',
  shipperCreditCode: '91320412MA1MXXXX0X',
  carrierName: '常州荣昌物流有限公司',
  carrierCreditCode: '11010519491231002X',
  carrierPermitNo: '320400004065',
  plate: '苏D522S0',
  plateColor: 'yellow',
  isTractor: true,
  trailerPlate: '苏D3821挂',
  loadKg: 32_000,
  roadTransportCertNo: '320400123456',
  driverName: '丁春生',
  driverIdcard: '11010519491231002X',
  driverQualificationNo: '11010519491231002X',
  goodsName: '热轧卷板',
  goodsClassCode: '0400',
  weightKg: 31_500,
  loadRegionCode: '320402',
  unloadRegionCode: '310115',
  consigneeName: '王立新',
  consigneeIdNo: '11010519491231002X',
  businessTypeCode: '1002996',
  departedAt: '2026-11-18T01:00:00Z',
  signedAt: '2026-11-18T09:30:00Z',
  freightFen: 420_000,
  contractNo: 'HT20261118000123',
  insured: false,
  insurancePolicyNo: null,
};
const payment: MinistryPayment = {
  flowNo: 'ZJ20261119000045',
  waybills: [{ waybillNo: 'YD20261118000123', amountFen: 430_000 }],
  carrierName: '丁春生',
  carrierIdNo: '11010519491231002X',
  plate: '苏D522S0',
  plateColor: 'yellow',
  payerName: '华东智运物流有限公司',
  payerAccount: '31050161373600002175',
  payerBank: '中国建设银行上海市分行',
  payeeCnaps: '102304000012',
  entries: [
    { kind: 'fuelCard', amountFen: 50_000, bankSerialNo: '102660420560081234', paidAt: '2026-11-18T00:30:00Z', payMethod: 'fuelCard' },
    { kind: 'freight', amountFen: 380_000, bankSerialNo: '102660420560089399', paidAt: '2026-11-19T02:00:00Z', payMethod: 'bankTransfer' },
  ],
  totalFen: 430_000,
  waybillNo: 'YD20261118000123',
  payeeName: '丁春生',
  payeeAccount: '6222021234567890128',
  payeeBank: '中国工商银行常州分行',
  amountFen: 380_000,
  paidAt: '2026-11-19T02:00:00Z',
  bankSerialNo: '102660420560089399',
  payMethod: 'bankTransfer',
};

describe('the monitoring-system sandbox', () => {
  it('accepts a complete waybill with a receipt that is the same every time', async () => {
    // The shipper's code above has a wrong check character: fix it to a valid GB 32100 code first.
    const doc = { ...waybill, shipperCreditCode: '91350100M000100Y43' };
    const a = await sandbox.uploadWaybill(doc, at);
    expect(a).toMatchObject({ ok: true });
    expect(a.ok && a.receiptId).toMatch(/^JCYD20261120\d{8}$/);
    expect(await sandbox.uploadWaybill(doc, at)).toEqual(a);
    expect(await sandbox.uploadWaybill(waybill, at)).toMatchObject({ ok: false, errorCode: 'SHIPPER_CREDIT_CODE_INVALID' });
  });

  it('names the first missing or invalid field the way the ministry does', async () => {
    const ok = { ...waybill, shipperCreditCode: '91350100M000100Y43' };
    const reason = async (w: Partial<MinistryWaybill>) => {
      const a = await sandbox.uploadWaybill({ ...ok, ...w }, at);
      return a.ok ? 'ok' : `${a.errorCode}: ${a.message}`;
    };
    expect(await reason({ trailerPlate: null })).toBe('TRAILER_PLATE_MISSING: 运单 YD20261118000123 缺少牵引车 苏D522S0 的挂车牌照号');
    expect(await reason({ trailerPlate: null, isTractor: false })).toBe('ok');
    expect(await reason({ roadTransportCertNo: null })).toBe('VEHICLE_CERT_MISSING: 运单 YD20261118000123 缺少车辆道路运输证号');
    // Vehicles up to 4.5 t carry the area code + 000000; heavier ones need their own certificate.
    expect(await reason({ roadTransportCertNo: '320400000000' })).toMatch(/^VEHICLE_CERT_INVALID/);
    expect(await reason({ roadTransportCertNo: '320400000000', loadKg: 1800 })).toBe('ok');
    expect(await reason({ carrierPermitNo: '' })).toMatch(/缺少实际承运人道路运输经营许可证号$/);
    expect(await reason({ driverQualificationNo: null })).toMatch(/缺少驾驶员从业资格证号$/);
    expect(await reason({ loadRegionCode: '320000' })).toMatch(/^LOAD_REGION_INVALID/);
    // A city is not a county: the place to load at is a county of the complete division list.
    expect(await reason({ loadRegionCode: '320400' })).toMatch(/^LOAD_REGION_INVALID/);
    expect(await reason({ unloadRegionCode: '310199' })).toMatch(/^UNLOAD_REGION_INVALID/);
    expect(await reason({ loadRegionCode: '652327' })).toBe('ok');
    expect(await reason({ carrierPermitNo: '000000000000' })).toMatch(/^CARRIER_PERMIT_INVALID/);
    expect(await reason({ signedAt: '2026-11-17T09:30:00Z' })).toMatch(/到达时间早于发车时间$/);
    expect(await reason({ freightFen: 0 })).toMatch(/^FREIGHT_INVALID/);
    expect(await reason({ insured: true })).toMatch(/缺少保险公司代码$/);
    expect(await reason({ insured: true, insuranceCompanyCode: 'PICC' })).toMatch(/缺少保险单号$/);
    // The fields the ministry added: the operator, the consignment and segment, the consignor, addresses as text, volume and vehicles.
    expect(await reason({ platformCreditCode: null })).toBe(
      'PLATFORM_CREDIT_CODE_MISSING: 运单 YD20261118000123 缺少网络货运经营者统一社会信用代码',
    );
    expect(await reason({ consignmentNo: '' })).toMatch(/^CONSIGNMENT_NO_MISSING/);
    expect(await reason({ createdAt: null })).toMatch(/缺少运单生成时间$/);
    expect(await reason({ consignorCreditCode: '91320412MA1MXXXX0X' })).toMatch(/^CONSIGNOR_CREDIT_CODE_INVALID/);
    expect(await reason({ unloadAddress: ' ' })).toMatch(/缺少卸货地址$/);
    expect(await reason({ volumeM3: 0 })).toMatch(/^VOLUME_INVALID/);
    expect(await reason({ vehicleCount: 0 })).toMatch(/^VEHICLE_COUNT_INVALID/);
    expect(await reason({ volumeM3: 38.5, pieces: 120 })).toBe('ok');
    // The operator's network freight permit, and the consignee's ID or credit code.
    expect(await reason({ platformPermitNo: null })).toBe(
      'PLATFORM_PERMIT_MISSING: 运单 YD20261118000123 缺少网络货运经营者道路运输经营许可证号',
    );
    expect(await reason({ platformPermitNo: '310114000000' })).toMatch(/^PLATFORM_PERMIT_INVALID/);
    expect(await reason({ consigneeIdNo: '' })).toBe('CONSIGNEE_ID_MISSING: 运单 YD20261118000123 缺少收货方身份证号或统一社会信用代码');
    expect(await reason({ consigneeIdNo: '110105194912310021' })).toMatch(/^CONSIGNEE_ID_INVALID/);
    expect(await reason({ consigneeIdNo: '91350100M000100Y43' })).toBe('ok');
  });

  it('checks a payment record’s payee, amount, bank serial and method', async () => {
    const reason = async (p: Partial<MinistryPayment>) => {
      const a = await sandbox.uploadPayment({ ...payment, ...p }, at);
      return a.ok ? a.receiptId : a.message;
    };
    expect(await reason({})).toMatch(/^JCZJ20261120\d{8}$/);
    expect(await reason({ bankSerialNo: null })).toBe('运单 YD20261118000123 资金流水单 缺少银行流水号');
    expect(await reason({ payeeAccount: '6222-0212-3456' })).toMatch(/收款方账号格式不正确/);
    expect(await reason({ payeeAccount: '3310010010120100123456' })).toMatch(/^JCZJ/);
    expect(await reason({ payeeBank: ' ' })).toMatch(/缺少收款方开户行$/);
    expect(await reason({ amountFen: -5 })).toMatch(/付款金额须为大于 0 的整数/);
    expect(await reason({ payMethod: 'cash' })).toMatch(/付款方式格式不正确/);
    // Every payment of the waybill is an entry with its own serial, and the entries make the total and the waybills' amounts.
    const [fuel, final] = payment.entries;
    expect(await reason({ entries: [{ ...fuel, bankSerialNo: null }, final] })).toBe(
      '运单 YD20261118000123 资金流水单 第 1 笔付款缺少银行流水号',
    );
    expect(await reason({ entries: [final] })).toMatch(/合计金额与各笔付款之和不符$/);
    expect(await reason({ entries: [final], totalFen: 380_000 })).toMatch(/运单金额之和与资金流水合计金额不符$/);
    expect(
      await reason({ entries: [final], totalFen: 380_000, waybills: [{ waybillNo: 'YD20261118000123', amountFen: 380_000 }] }),
    ).toMatch(/^JCZJ/);
    expect(await reason({ carrierIdNo: '123' })).toMatch(/实际承运人统一社会信用代码或身份证号格式不正确/);
    expect(await reason({ payeeCnaps: null })).toMatch(/缺少收款方开户行行号$/);
    expect(await reason({ payerAccount: '6222021234567890128x' })).toMatch(/付款方账号格式不正确/);
    // A bank transfer names the payer's bank; cloud pay's payer is the cloud-pay account itself.
    expect(await reason({ payerBank: null })).toBe('运单 YD20261118000123 资金流水单 缺少付款方开户行');
    expect(await reason({ payerBank: null, payMethod: 'cloudPay' })).toMatch(/^JCZJ/);
  });
});
