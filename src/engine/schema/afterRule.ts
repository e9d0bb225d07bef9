import type { FieldSchema } from './types';

/** Comparable form of a date, date-time or number value; null when there is none. */
function comparable(f: FieldSchema, v: unknown): number | string | null {
  if (v === null || v === undefined || v === '') return null;
  if (f.type === 'integer' || f.type === 'number') return typeof v === 'number' ? v : null;
  if (typeof v !== 'string') return null;
  if (f.format === 'date-time') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return v;
}

/** Whether `value` of field f satisfies `x-after` against the other field's value (true when either is missing). */
export function isAfter(f: FieldSchema, value: unknown, otherValue: unknown): boolean {
  const a = comparable(f, value);
  const b = comparable(f, otherValue);
  return a === null || b === null || a > b;
}

/** Fields of a record whose value is not after the field their `x-after` names: field -> the other field. */
export function afterViolations(props: Record<string, FieldSchema>, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, f] of Object.entries(props)) {
    const other = f['x-after'];
    if (other && props[other] && !isAfter(f, values[name], values[other])) out[name] = other;
  }
  return out;
}
