import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { pick, seedOf, str } from '../sandbox.js';
import { MALE_GIVEN, SURNAMES } from '../../sampleData/freightData.js';

/** Recognition of freight documents: driving licence, vehicle licence, ID card. */
export interface OcrConnector {
  drivingLicense(input: CallInput): Promise<CallResult>;
  vehicleLicense(input: CallInput): Promise<CallResult>;
  idCard(input: CallInput): Promise<CallResult>;
}

/** The image (base64 or an https URL); a tiny image is "too blurred", as a provider would say. */
function image(params: Record<string, unknown>): { seed: number } {
  const img = str(params, 'image', { max: 4_000_000 });
  if (img.length < 16) throw Object.assign(new Error('blurred'), { blurred: true });
  return { seed: seedOf(img.slice(0, 4096), img.length) };
}

const CITIES = [
  ['上海市公安局交通警察总队', '310115'],
  ['四川省成都市公安局交通管理局', '510104'],
  ['浙江省宁波市公安局交通警察局', '330203'],
  ['江苏省苏州市公安局交通警察支队', '320505'],
];

function idNumber(seed: number, area: string): string {
  const year = 1970 + (seed % 30);
  const month = String(1 + (seed % 12)).padStart(2, '0');
  const day = String(1 + (seed % 28)).padStart(2, '0');
  const body = `${area}${year}${month}${day}${String(seed % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  return body + '10X98765432'[weights.reduce((s, w, i) => s + w * Number(body[i]), 0) % 11];
}

function read(params: Record<string, unknown>, build: (seed: number) => Record<string, unknown>): CallResult {
  try {
    const { seed } = image(params);
    return success({ ...build(seed), confidence: 0.9 + (seed % 90) / 1000 });
  } catch (err) {
    if ((err as { blurred?: boolean }).blurred) return failure('imageUnreadable', 'the image is too small or blurred to read');
    throw err;
  }
}

export const sandbox: OcrConnector = {
  async drivingLicense({ params }) {
    return read(params, (seed) => {
      const [issuer, area] = pick(CITIES, seed);
      const from = 2012 + (seed % 10);
      return {
        name: pick(SURNAMES, seed) + pick(MALE_GIVEN, seed, 1),
        sex: '男',
        licenseNo: idNumber(seed, area),
        vehicleClass: pick(['A2', 'B2', 'A1', 'C1'], seed, 2),
        issueDate: `${from}-0${1 + (seed % 9)}-1${seed % 10}`,
        validFrom: `${from + 6}-0${1 + (seed % 9)}-1${seed % 10}`,
        validYears: 10,
        issuer,
        fileNo: String(310000000000 + (seed % 99999999)),
      };
    });
  },
  async vehicleLicense({ params }) {
    return read(params, (seed) => ({
      plate: `${pick(['沪A', '川A', '浙B', '苏E'], seed)}${String(10000 + (seed % 89999)).replace(/^(\d)/, 'D')}`,
      vehicleType: pick(['重型半挂牵引车', '重型厢式货车', '中型厢式货车'], seed),
      owner: pick(['华东智运物流有限公司', '西南通达供应链有限公司'], seed),
      useCharacter: '货运',
      vin: `LZZ${String(seed).padStart(14, '7').slice(0, 14)}`,
      registerDate: `20${15 + (seed % 8)}-06-18`,
      grossMassKg: 18000 + (seed % 31) * 1000,
    }));
  },
  async idCard({ params }) {
    const side = str(params, 'side', { pattern: /^(front|back)$/, optional: true }) || 'front';
    return read(params, (seed) =>
      side === 'back'
        ? {
            issuer: pick(CITIES, seed)[0].replace('交通警察总队', '').replace('交通管理局', '') + '分局',
            validFrom: '2019-05-20',
            validTo: '2039-05-20',
          }
        : {
            name: pick(SURNAMES, seed) + pick(MALE_GIVEN, seed, 1),
            sex: '男',
            nation: '汉',
            idNo: idNumber(seed, pick(CITIES, seed)[1]),
            address: '上海市嘉定区物流园路' + (seed % 300) + '号',
          },
    );
  },
};

export const connector: ServiceConnector = {
  service: 'ocr',
  operations: {
    drivingLicense: (i) => sandbox.drivingLicense(i),
    vehicleLicense: (i) => sandbox.vehicleLicense(i),
    idCard: (i) => sandbox.idCard(i),
  },
};
