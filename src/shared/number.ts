const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1, ''],
  [1e3, 'k'],
  [1e6, 'M'],
  [1e9, 'G'],
  [1e12, 'T'],
  [1e15, 'P'],
  [1e18, 'E'],
];

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Abbreviates with SI suffixes (1234 → "1.2k"); non-finite input shows as "-". */
export function formatNumber(num: number, digits = 1): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new RangeError(`digits must be an integer from 0 to 20, got ${digits}`);
  }
  if (typeof num !== 'number' || !Number.isFinite(num)) return '-';
  const abs = Math.abs(num);
  let index = UNITS.length - 1;
  while (index > 0 && abs < UNITS[index][0]) index--;
  let text = (abs / UNITS[index][0]).toFixed(digits);
  // Rounding can reach the next unit (999 950 → "1000.0k"), which should read "1M".
  if (Number(text) >= 1000 && index < UNITS.length - 1) {
    index++;
    text = (abs / UNITS[index][0]).toFixed(digits);
  }
  text = trimZeros(text);
  const sign = num < 0 && text !== '0' ? '-' : '';
  return sign + text + UNITS[index][1];
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** "1,234,567.89"; the fraction is kept exactly as JavaScript prints it. */
export function toThousands(num: number): string {
  if (typeof num !== 'number' || !Number.isFinite(num)) return '-';
  const text = String(num);
  // Exponent notation (>= 1e21 or tiny fractions) has no meaningful grouping.
  if (text.includes('e')) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const [integer, fraction] = text.slice(sign.length).split('.');
  return sign + groupThousands(integer) + (fraction === undefined ? '' : `.${fraction}`);
}

/** Integer fen to "1,234.56" yuan, using integer arithmetic only so large amounts stay exact. */
export function fenToYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '';
  if (!Number.isSafeInteger(fen)) {
    throw new RangeError(`fen must be a safe integer, got ${String(fen)}`);
  }
  const abs = Math.abs(fen);
  const cents = abs % 100;
  const yuan = (abs - cents) / 100;
  const sign = fen < 0 ? '-' : '';
  return `${sign}${groupThousands(String(yuan))}.${String(cents).padStart(2, '0')}`;
}

const YUAN_PATTERN = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a yuan amount into integer fen from its decimal text, never through float multiplication
 * (0.29 * 100 is 28.999…). More than two decimals is refused rather than rounded.
 */
export function yuanToFen(yuan: string | number): number | null {
  let text: string;
  if (typeof yuan === 'number') {
    if (!Number.isFinite(yuan)) return null;
    text = String(yuan);
  } else if (typeof yuan === 'string') {
    text = yuan.trim();
  } else {
    return null;
  }
  const match = YUAN_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, integer, fraction = ''] = match;
  const fen = Number(integer.replace(/,/g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return sign === '-' && fen !== 0 ? -fen : fen;
}
