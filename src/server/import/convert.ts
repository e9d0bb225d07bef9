import { LANGUAGES, translate } from '../i18n/messages.js';
import { isMoney } from '../data/format.js';
import type { FieldSchema } from '../../shared/schema/types.js';
import type { Cell } from './xlsxReader.js';
import { UNSTORABLE } from '../security/storableText.js';
import { regionFromText } from './regionCell.js';

/** A cell that cannot become the field's value: the message key and its parameters. */
export class CellError {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {}
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Excel serial day numbers (1 = 1900-01-01, with the 1900 leap-year quirk folded into the epoch). */
function fromSerial(n: number): Date {
  return new Date(EXCEL_EPOCH_MS + Math.round(n * 86_400_000));
}

const DATE = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** 2026-11-23, 2026/11/23, 2026.11.23, 2026年11月23日 or an Excel serial number → yyyy-mm-dd. */
/** A serial number kept as text (a CSV saved from a sheet whose dates were not formatted). */
const serialText = (v: Cell): Cell => (typeof v === 'string' && /^\d{4,5}(\.\d+)?$/.test(v.trim()) ? Number(v) : v);

export function toDate(raw: Cell): string {
  const v = serialText(raw);
  if (typeof v === 'number') {
    const d = fromSerial(v);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  const m = DATE.exec(String(v).trim());
  if (!m || !validDay(+m[1], +m[2], +m[3])) throw new CellError('ops.server.import.badDate', { value: String(v).slice(0, 30) });
  return `${m[1]}-${pad(+m[2])}-${pad(+m[3])}`;
}

/**
 * The same forms with a time, read in the importer's time zone (`tzOffset` minutes, as
 * Date.getTimezoneOffset gives), or an ISO instant → an ISO instant in UTC.
 */
export function toDateTime(raw: Cell, tzOffset: number): string {
  const v = serialText(raw);
  if (typeof v === 'number') return new Date(fromSerial(v).getTime() + tzOffset * 60_000).toISOString();
  const s = String(v).trim();
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(s) && !Number.isNaN(Date.parse(s))) return new Date(s).toISOString();
  const m = DATE.exec(s);
  if (!m || !validDay(+m[1], +m[2], +m[3]) || Number(m[4] ?? 0) > 23)
    throw new CellError('ops.server.import.badDate', { value: s.slice(0, 30) });
  const local = Date.UTC(+m[1], +m[2] - 1, +m[3], Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return new Date(local + tzOffset * 60_000).toISOString();
}

function toNumber(v: Cell): number {
  if (typeof v === 'number') return v;
  const s = String(v).replace(/[,，\s¥￥]/g, '');
  const n = Number(s);
  if (s === '' || !Number.isFinite(n)) throw new CellError('ops.server.import.badNumber', { value: String(v).slice(0, 30) });
  return n;
}

/** Yuan with at most two decimals → integer fen. */
export function toFen(v: Cell): number {
  const n = toNumber(v);
  const fen = Math.round(n * 100);
  if (Math.abs(n * 100 - fen) > 1e-6) throw new CellError('ops.server.import.badMoney', { value: String(v).slice(0, 30) });
  return fen;
}

const TRUE = new Set(['true', '1', 'yes', 'y', '是', 'sí', 'si', 'はい']);
const FALSE = new Set(['false', '0', 'no', 'n', '否', 'いいえ']);
function toBoolean(v: Cell): boolean {
  if (typeof v === 'boolean') return v;
  const s = String(v).trim().toLowerCase();
  for (const lang of LANGUAGES) {
    if (s === translate(lang, 'common.yes').toLowerCase()) return true;
    if (s === translate(lang, 'common.no').toLowerCase()) return false;
  }
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  throw new CellError('ops.server.import.badBoolean', { value: s.slice(0, 30) });
}

const labelCache = new WeakMap<FieldSchema, Map<string, string | number>>();

/** An enum value given as itself or as its label in any language. */
function enumValue(f: { enum?: (string | number)[] }, owner: FieldSchema, v: Cell): string | number {
  let labels = labelCache.get(owner);
  if (!labels) {
    labels = new Map();
    for (const value of f.enum ?? []) {
      labels.set(String(value).toLowerCase(), value);
      if (owner['x-enum-labels'])
        for (const lang of LANGUAGES) labels.set(translate(lang, `${owner['x-enum-labels']}.${value}`).toLowerCase(), value);
    }
    labelCache.set(owner, labels);
  }
  const hit = labels.get(String(v).trim().toLowerCase());
  if (hit === undefined) throw new CellError('ops.server.import.badOption', { value: String(v).slice(0, 30) });
  return hit;
}

const LIST_SPLIT = /\s*[,，;；、]\s*/;

/** A text cell with our own export's formula guard ('=…) loses the guard. */
const unguard = (s: string) => (/^'[=+\-@]/.test(s) ? s.slice(1) : s);

/**
 * A cell → the field's value (references are resolved later, in batches). undefined means the cell
 * is empty: the field's default applies.
 */
export function convertCell(f: FieldSchema, v: Cell, tzOffset: number): unknown {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
  if (typeof v === 'string' && UNSTORABLE.test(v)) throw new CellError('ops.server.import.badText');
  if (f['x-ref']) {
    const parts = f['x-ref-multiple']
      ? String(v).split(LIST_SPLIT).filter(Boolean)
      : [typeof v === 'number' ? String(v) : String(v).trim()];
    return f['x-ref-multiple'] ? parts : parts[0];
  }
  if (f.type === 'array' && (f['x-component'] === 'RegionCascader' || f['x-cell'] === 'Region')) {
    const chain = regionFromText(String(v));
    if (!chain) throw new CellError('ops.server.import.badOption', { value: String(v).slice(0, 30) });
    return chain;
  }
  if (f.type === 'array') {
    const items = String(v).split(LIST_SPLIT).filter(Boolean);
    return f.items?.enum ? items.map((x) => enumValue(f.items!, f, x)) : items;
  }
  if (f.enum) return enumValue(f, f, v);
  if (f.type === 'boolean') return toBoolean(v);
  if (f.type === 'integer') {
    if (isMoney(f)) return toFen(v);
    const n = toNumber(v);
    if (!Number.isInteger(n)) throw new CellError('ops.server.import.badInteger', { value: String(v).slice(0, 30) });
    return n;
  }
  if (f.type === 'number') return toNumber(v);
  if (f.format === 'date') return toDate(v);
  if (f.format === 'date-time') return toDateTime(v, tzOffset);
  // Long digit strings (phone numbers, ID numbers) often arrive as numbers from a spreadsheet.
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  return unguard(String(v).trim());
}
