import type { FieldSchema, PageSchema } from '../../shared/schema/types.js';
import type { Row } from './rows.js';

/**
 * Identifiers are normalised before they are validated, so what a person copies from a licence or
 * a card is accepted as the same value: surrounding spaces go; credit codes, tax numbers, ID
 * numbers and plates are upper-cased; spaces, hyphens and the middle dot drop out of plates and of
 * card and account numbers ("沪A·12345", "6222 0202 0011 2233 446").
 */
const UPPER = new Set(['uscc', 'taxNumber', 'idcard', 'plate']);
const COMPACT = new Set(['plate', 'bankcard', 'corporateAccount']);
const TRIM = new Set([...UPPER, ...COMPACT, 'mobile', 'roadPermit', 'vehicleCert', 'email']);

function normalizeOne(f: FieldSchema, v: unknown): unknown {
  const format = f.format ?? f.items?.format;
  if (typeof v !== 'string' || !format || !TRIM.has(format)) return v;
  let out = v.trim();
  if (COMPACT.has(format)) out = out.replace(/[\s·•・.-]/g, '');
  if (UPPER.has(format)) out = out.toUpperCase();
  return out;
}

/** The values with their identifiers normalised; other values are returned as they are. */
export function normalizeIdentifiers(page: PageSchema, values: Row): Row {
  const props = page.model?.properties ?? {};
  for (const [name, v] of Object.entries(values)) {
    const f = props[name];
    if (!f) continue;
    values[name] = Array.isArray(v) && f.items?.format ? v.map((x) => normalizeOne(f, x)) : normalizeOne(f, v);
  }
  return values;
}
