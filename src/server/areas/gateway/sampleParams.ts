import type { Rng } from '../../sampleData/rng.js';
import { luhnCheckDigit, residentIdCheckChar } from '../../../shared/validators.js';

const DAY = 86_400_000;

function idNo(rng: Rng): string {
  const area = rng.pick(['310115', '510104', '330203', '320505', '341225', '411523']);
  const body = `${area}${rng.int(1968, 1998)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${String(rng.int(100, 999))}`;
  return body + residentIdCheckChar(body);
}

function luhnCard(rng: Rng, valid: boolean): string {
  const partial =
    rng.pick(['622202', '621700', '622848', '621661', '622588']) + String(rng.int(100000000, 999999999)) + String(rng.int(0, 9));
  const check = Number(luhnCheckDigit(partial));
  return partial + String(valid ? check : (check + 3) % 10);
}

const NAMES_CN = ['张建军', '李国强', '王志刚', '刘海涛', '陈永明', '杨晓东', '赵俊杰', '黄伟', '周磊', '吴勇'];
const mobile = (rng: Rng) => `1${rng.pick(['38', '39', '58', '86', '87', '36'])}${String(rng.int(10000000, 99999999))}`;

/**
 * Realistic inputs per operation, for the demo calls and the console's test action. Unless told,
 * about one in twenty is one a provider would refuse.
 */
export function paramsFor(
  rng: Rng,
  service: string,
  op: string,
  trip?: { plate: string; waybillNo: string; partyCode?: string },
  bad = rng.chance(0.05),
): Record<string, unknown> {
  const plate = trip?.plate ?? '沪A' + String(rng.int(10000, 99999)).replace(/^\d/, 'D');
  switch (`${service}.${op}`) {
    case 'alert.raise':
      return { alertType: rng.pick(['lowBalance', 'failureRate', 'licenceExpiry', 'trackLost']), content: '运单轨迹中断超过 30 分钟' };
    case 'bank.verify4':
    case 'verification.bankCard4':
      return { cardNo: luhnCard(rng, !bad), name: rng.pick(NAMES_CN), idNo: idNo(rng), mobile: mobile(rng) };
    case 'bank.balance':
      return { accountNo: String(rng.int(10000000, 99999999)) + String(rng.int(1000000, 9999999)) };
    case 'push.send':
      return {
        deviceToken: (bad ? 'expired' : 'tok') + String(rng.int(1e9, 9e9)) + 'abcdefgh',
        title: '新运单待接单',
        body: '上海—成都 钢材 32 吨',
        platform: rng.pick(['android', 'ios']),
      };
    case 'ocr.drivingLicense':
    case 'ocr.vehicleLicense':
    case 'ocr.idCard':
      return { image: bad ? 'tiny' : `data:image/jpeg;base64,${'A'.repeat(40)}${rng.int(1, 1e9)}` };
    case 'etc.invoices':
      return { plate, month: new Date(Date.now() - rng.int(30, 90) * DAY).toISOString().slice(0, 7) };
    case 'insurance.quote':
      return {
        goodsName: rng.pick(['钢材', '家电', '汽车零部件', '冷链食品']),
        sumFen: rng.int(5_000_000, bad ? 900_000_000 : 300_000_000),
      };
    case 'insurance.insure':
      return { waybillNo: trip?.waybillNo ?? 'YD20251101000001', sumFen: rng.int(5_000_000, 300_000_000) };
    case 'goldField.query':
      return { keyword: rng.pick(['华东智运物流', '恒瑞钢铁', '宏达家电', '远航汽配']) };
    case 'license.verify':
      return { licenseKey: Array.from({ length: 4 }, () => String(rng.int(10000, 99999))).join('-'), domain: 'tms.hdzy-logistics.com' };
    case 'objectStorage.put':
      return {
        key: `receipts/${trip?.waybillNo ?? 'YD0'}.txt`,
        contentBase64: Buffer.from(`回单 ${trip?.waybillNo ?? ''}`).toString('base64'),
      };
    case 'objectStorage.get':
      return { key: bad ? 'missing/none.txt' : `receipts/${trip?.waybillNo ?? 'YD0'}.txt` };
    case 'vehicleTrack.locate':
      return { plate, waybillNo: trip?.waybillNo, points: 6 };
    case 'sms.send':
      return {
        phone: bad ? '17012345678' : mobile(rng),
        template: rng.pick(['notice_dispatch', 'notice_sign', 'verify_code']),
        content: '您有一条新运单，请及时确认。',
      };
    case 'upload.upload':
      return {
        fileName: bad ? '回单.exe' : `回单-${rng.int(1000, 9999)}.jpg`,
        size: rng.int(80_000, 4_000_000),
        referer: trip?.partyCode === 'C1002' ? 'https://portal.xntd-scm.com/receipt' : 'https://tms.hdzy-logistics.cn/receipt',
      };
    case 'uploadReferer.check':
      return {
        referer: rng.pick(['https://tms.hdzy-logistics.com/waybill', 'https://evil.example.com/', 'https://app.xntd-scm.cn/upload']),
      };
    case 'vehicleCredit.query':
      return { plate };
    case 'verification.idCard2':
      return { name: rng.pick(NAMES_CN), idNo: bad ? '310115199001011234' : idNo(rng) };
    case 'verification.mobile3':
      return { name: rng.pick(NAMES_CN), idNo: idNo(rng), mobile: mobile(rng) };
    case 'fuelCard.recharge':
      return { subCardNo: '9030' + String(rng.int(100000000000, 999999999999)), amountFen: rng.int(50_000, bad ? 8_000_000 : 300_000) };
    case 'fuelCard.balance':
      return { subCardNo: '9030' + String(rng.int(100000000000, 999999999999)) };
    case 'eSign.sign':
      return {
        contractNo: `HT-${trip?.waybillNo ?? rng.int(100000, 999999)}`,
        template: rng.pick(['transportContract', 'agencyAgreement']),
        signerName: rng.pick(NAMES_CN),
        signerIdNo: idNo(rng),
        signerMobile: mobile(rng),
      };
    default:
      return { text: `运单 ${trip?.waybillNo ?? ''} 电子回单`, algorithm: rng.pick(['sha256', 'sm3']) };
  }
}
