import { MENU_ICONS } from './widgetNames';

export type Check = (value: unknown) => boolean;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** Mainland mobile numbers: 1, then 3–9, then nine digits (no 10-, 11- or 12- prefixes exist). */
export function isMobile(value: unknown): boolean {
  return typeof value === 'string' && /^1[3-9]\d{9}$/.test(value);
}

/** A corporate bank account: 8–32 digits. Unlike personal cards, these carry no Luhn check digit. */
export function isCorporateAccount(value: unknown): boolean {
  return typeof value === 'string' && /^\d{8,32}$/.test(value);
}

const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);

export function isPassword(value: unknown): boolean {
  return typeof value === 'string' && PASSWORD_PATTERN.test(value);
}

export function isNumberText(value: unknown): boolean {
  return typeof value === 'string' && /^\+?\d+(\.\d+)?$/.test(value);
}

// GB 32100-2015 alphabet: the index of a character is its numeric value.
const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Check character for the first 17 characters of a credit code, or null if any is outside the alphabet. */
export function socialCreditCheckChar(body: string): string | null {
  if (body.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARSET.indexOf(body[i]);
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i];
  }
  return USCC_CHARSET[(31 - (sum % 31)) % 31];
}

const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11714 check character of an 8-character organisation code body (letters count A=10 … Z=35), or null. */
export function orgCodeCheckChar(body: string): string | null {
  if (!/^[0-9A-Z]{8}$/.test(body)) return null;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (/\d/.test(body[i]) ? Number(body[i]) : body.charCodeAt(i) - 55) * ORG_WEIGHTS[i];
  const r = 11 - (sum % 11);
  return r === 10 ? 'X' : r === 11 ? '0' : String(r);
}

/**
 * GB 32100 credit code: a registration authority other than 0, the organisation code inside it
 * (characters 9–17) with its own GB 11714 check, and the code's check character.
 */
export function isSocialCreditCode(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 18 || value[0] === '0') return false;
  const check = socialCreditCheckChar(value.slice(0, 17));
  return check !== null && check === value[17] && orgCodeCheckChar(value.slice(8, 16)) === value[16];
}

/**
 * A taxpayer number: the 18-character credit code, the older 15-character tax registration number
 * (6-digit area code and 9-character organisation code) or the 20-character form issued to individuals.
 */
export function isTaxNumber(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.length === 18) return isSocialCreditCode(value);
  return /^\d{6}[0-9A-Z]{9}$/.test(value) || /^[0-9A-Z]{20}$/.test(value);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_MAP = '10X98765432';

/** ISO 7064 MOD 11-2 check character for the first 17 digits of a resident ID, or null if malformed. */
export function residentIdCheckChar(body: string): string | null {
  if (!/^\d{17}$/.test(body)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * ID_WEIGHTS[i];
  return ID_CHECK_MAP[sum % 11];
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// The lower bound only rules out obvious garbage; 18-digit IDs were issued to living people.
const MIN_BIRTH_YEAR = 1800;

// Provincial area codes (GB/T 2260) an ID number starts with; 83 is Taiwan residents' residence permit.
const ID_PROVINCES = new Set(
  '11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65 71 81 82 83'.split(' '),
);

export function isResidentId(value: unknown, now: Date | number = Date.now()): boolean {
  if (typeof value !== 'string' || !/^\d{17}[\dX]$/.test(value) || !ID_PROVINCES.has(value.slice(0, 2))) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  if (year < MIN_BIRTH_YEAR || month < 1 || month > 12) return false;
  if (day < 1 || day > daysInMonth(year, month)) return false;
  const today = new Date(now);
  if (Number.isNaN(today.getTime())) return false;
  // Compared as YYYYMMDD numbers in local time so someone born today is valid.
  const birth = year * 10000 + month * 100 + day;
  const current = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  if (birth > current) return false;
  return residentIdCheckChar(value.slice(0, 17)) === value[17];
}

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const PLATE_CHAR = '[A-HJ-NP-Z0-9]';
// Real suffixed plates (粤Z1234港, 冀A1234挂) replace the last serial character with the suffix;
// the five-character form is accepted too because the platform spec describes it that way.
// A trailer plate is seven characters: four serial characters, then 挂.
const ORDINARY_PLATE = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z](?:${PLATE_CHAR}{5}|${PLATE_CHAR}{4}挂|${PLATE_CHAR}{4,5}[学警港澳])$`);
// New-energy plates: small vehicles D or F, a letter or digit, four digits; large vehicles five digits, then D or F.
const NEW_ENERGY_PLATE = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z](?:[DF]${PLATE_CHAR}\\d{4}|\\d{5}[DF])$`);

export function isPlateNumber(value: unknown): boolean {
  return typeof value === 'string' && (ORDINARY_PLATE.test(value) || NEW_ENERGY_PLATE.test(value));
}

/** The Luhn check digit of the digits before it (the last digit of a personal bank card). */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    // Counted from the right of the number the digit will end: every second one is doubled.
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isBankCard(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{12,19}$/.test(value)) return false;
  return luhnCheckDigit(value.slice(0, -1)) === value.slice(-1);
}

/**
 * Road transport business permit numbers are the issuing authority's 6-digit area code (GB/T 2260:
 * a real province, then a city part and a county part that are 00 or a number) followed by a 6-digit
 * serial that is not 000000. The area code is not looked up in the division list, which changes
 * over the years while old permits stay valid; twelve zeros, a province of none and an empty serial
 * are refused.
 */
export function isRoadTransportPermit(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{12}$/.test(value)) return false;
  return ID_PROVINCES.has(value.slice(0, 2)) && value.slice(6) !== '000000' && !(value.slice(2, 4) === '00' && value.slice(4, 6) !== '00');
}

/**
 * A vehicle's road transport certificate number: the issuing area code as for a permit, then a
 * 6-digit serial; vehicles of 4.5 t or less carry their area code and 000000 (the ministry's
 * convention), so the serial may be zeros here.
 */
export function isVehicleTransportCert(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{12}$/.test(value)) return false;
  return ID_PROVINCES.has(value.slice(0, 2)) && !(value.slice(2, 4) === '00' && value.slice(4, 6) !== '00');
}

export const TAX_RATES: readonly number[] = [0, 0.01, 0.03, 0.06, 0.09, 0.13];

export function isTaxRate(value: unknown): boolean {
  return typeof value === 'number' && TAX_RATES.includes(value);
}

/** Schemes that run script when a link is followed or an image source is loaded. */
export const SCRIPT_SCHEME = /^[\s\u0000-\u001f]*(javascript|data|vbscript)\s*:/i;

/**
 * A link or image address shown to other people: a web address (http or https) or a path on this
 * site ("/…" or the console's "#/…"). Everything else, javascript:, data: and protocol-relative
 * "//host" addresses included, is refused.
 */
export function isSafeUrl(value: unknown): boolean {
  if (typeof value !== 'string' || SCRIPT_SCHEME.test(value)) return false;
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value) || /^\/(?![/\\])[^\s]*$/.test(value) || /^#\/[^\s]*$/.test(value);
}

/** A host name, or a pattern of them with a leading wildcard label: example.com, *.example.com. */
export function isDomainPattern(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 253) return false;
  const labels = value.replace(/^\*\./, '').split('.');
  return (
    labels.length >= 2 &&
    labels.every((l) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l)) &&
    /[A-Za-z]/.test(labels[labels.length - 1])
  );
}

/** An IPv4 address or a CIDR range: 10.0.0.1, 10.0.0.0/8. */
export function isCidr(value: unknown): boolean {
  return typeof value === 'string' && /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?$/.test(value);
}

// Names are what the server registers as ajv formats and schemas reference, so they must not change.
export const FORMAT_CHECKS: Record<string, Check> = {
  mobile: isMobile,
  password: isPassword,
  numberText: isNumberText,
  uscc: isSocialCreditCode,
  idcard: (value) => isResidentId(value),
  plate: isPlateNumber,
  bankcard: isBankCard,
  corporateAccount: isCorporateAccount,
  taxNumber: isTaxNumber,
  roadPermit: isRoadTransportPermit,
  vehicleCert: isVehicleTransportCert,
  domain: isDomainPattern,
  cidr: isCidr,
  // A menu icon the console bundles; any other name would be drawn as the default icon.
  menuIcon: (value) => typeof value === 'string' && MENU_ICONS.includes(value),
  safeUrl: isSafeUrl,
};
