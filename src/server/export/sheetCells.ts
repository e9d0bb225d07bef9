import type { FieldSchema } from '../../shared/schema/types.js';
import { isMoney } from '../data/format.js';

/**
 * A typed spreadsheet cell: a number shown with a format, so a sheet can add money up and sort
 * dates. Money is yuan (fen / 100, read back exactly: the import rounds to whole fen), dates are
 * Excel serial days in the reader's time zone.
 */
export interface TypedCell {
  n: number;
  fmt: 'money' | 'date' | 'dateTime';
}
export type SheetCell = string | number | null | TypedCell;

export const isTyped = (v: SheetCell): v is TypedCell => typeof v === 'object' && v !== null;

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * The typed cell of a stored value, or undefined when the value is shown as text (labels, yes/no,
 * references). `tzOffsetMinutes` is the reader's, as Date.getTimezoneOffset gives it.
 */
export function typedCell(f: FieldSchema | undefined, value: unknown, tzOffsetMinutes: number): TypedCell | undefined {
  if (!f || value === null || value === undefined || f['x-ref'] || f.enum) return undefined;
  if (typeof value === 'number' && f.type === 'integer' && isMoney(f) && Number.isSafeInteger(value))
    return { n: value / 100, fmt: 'money' };
  if (typeof value !== 'string') return undefined;
  if (f.format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const t = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(t) ? undefined : { n: (t - EXCEL_EPOCH_MS) / DAY_MS, fmt: 'date' };
  }
  if (f.format === 'date-time') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? undefined : { n: (t - tzOffsetMinutes * 60_000 - EXCEL_EPOCH_MS) / DAY_MS, fmt: 'dateTime' };
  }
  return undefined;
}
