import { evaluateExpression } from './expression';
import type { FieldSchema, PageSchema } from './types';

type Row = Record<string, unknown>;

const byPage = new WeakMap<PageSchema, { stored: [string, FieldSchema][]; onRead: [string, FieldSchema][] }>();

function computedOf(page: PageSchema) {
  let c = byPage.get(page);
  if (!c) {
    const all = Object.entries(page.model?.properties ?? {}).filter(([, f]) => f['x-computed']);
    c = { stored: all.filter(([, f]) => f['x-computed']!.stored), onRead: all.filter(([, f]) => !f['x-computed']!.stored) };
    byPage.set(page, c);
  }
  return c;
}

/** A field computed on read has no column: it cannot be sorted, filtered or totalled by the database. */
export const isComputedOnRead = (f: FieldSchema | undefined): boolean => Boolean(f?.['x-computed'] && !f['x-computed'].stored);

export const hasComputed = (page: PageSchema, kind: 'stored' | 'onRead'): boolean => computedOf(page)[kind].length > 0;

/** The value an expression gives, fitted to the field's type: a money or count field gets a whole number; anything unusable is null. */
function fit(f: FieldSchema, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (f.type === 'integer' || f.type === 'number') {
    const n = typeof v === 'number' ? v : Number.NaN;
    if (!Number.isFinite(n)) return null;
    return f.type === 'integer' ? Math.round(n) : n;
  }
  if (f.type === 'boolean') return Boolean(v);
  if (typeof v === 'object') return null;
  // A date field holds a date, never text an expression happened to make ("2026-11-24" + 1).
  if (f.format === 'date' && !(typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))) return null;
  if (f.format === 'date-time' && !(typeof v === 'string' && !Number.isNaN(Date.parse(v)))) return null;
  return String(v);
}

/** The computed values of a record, in declaration order (a later field may use an earlier one). */
export function computeValues(page: PageSchema, record: Row, kind: 'stored' | 'onRead'): Row {
  const out: Row = {};
  const scope: Row = { ...record };
  for (const [name, f] of computedOf(page)[kind]) {
    let v: unknown;
    try {
      v = evaluateExpression(f['x-computed']!.expr, scope);
    } catch {
      v = null;
    }
    out[name] = fit(f, v);
    scope[name] = out[name];
  }
  return out;
}
