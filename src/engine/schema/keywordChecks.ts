import type { FieldSchema, PageSchema } from './types';

/**
 * Checks of the structured-field keywords that JSON Schema cannot state: each message names the
 * place and what to write instead.
 */

const SCALAR = ['string', 'integer', 'number', 'boolean'];
/** Keywords that make sense for a column of the record but not for a cell of a sub-table. */
const NOT_IN_CELLS = ['readOnly', 'writeOnly', 'x-hash', 'x-unique', 'x-index', 'x-sequence', 'x-ref-multiple', 'items', 'x-export', 'x-filter'] as const;

export function arrayOfObjectsErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  let rowsExports = 0;
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    const where = `model.${name}`;
    if (f['x-export'] && !(f.type === 'array' && f.items?.type === 'object')) {
      errors.push(`${where}: x-export applies to arrays of objects only; remove it or give the field items {type: "object", properties}`);
    }
    if (f['x-export'] === 'rows') rowsExports++;
    if (!f.items) continue;
    if (f.type !== 'array') errors.push(`${where}: items belongs to array fields; write type: "array"`);
    if (f.items.type !== 'object') {
      if (f.items.properties || f.items.required) errors.push(`${where}.items: properties and required need items.type "object"`);
      continue;
    }
    if (!f.items.properties) {
      errors.push(`${where}.items: an array of objects needs its sub-fields under items.properties, e.g. {"fromCount": {"type": "integer", "title": "…"}}`);
      continue;
    }
    for (const [sub, sf] of Object.entries(f.items.properties)) errors.push(...cellErrors(`${where}.items.properties.${sub}`, sf));
    f.items.required?.forEach((r) => {
      if (!f.items!.properties![r]) errors.push(`${where}.items.required: unknown sub-field "${r}"; name one of ${Object.keys(f.items!.properties!).join(', ')}`);
    });
  }
  if (rowsExports > 1) errors.push('model: only one field may export as rows (x-export: "rows"); set the others to "text"');
  return errors;
}

function cellErrors(where: string, f: FieldSchema): string[] {
  const errors: string[] = [];
  if (!SCALAR.includes(f.type)) errors.push(`${where}: a sub-field holds one value (string, integer, number or boolean), not ${f.type}; use a separate field for nested lists`);
  for (const k of NOT_IN_CELLS) if (f[k] !== undefined) errors.push(`${where}: ${k} is not available in a sub-table cell; remove it`);
  if (f.enum && f.default !== undefined && !f.enum.includes(f.default as string)) errors.push(`${where}: default is not in enum`);
  return errors;
}

/** Every field a sub-table names, with its path (field.sub), for walking values. */
export function objectItemFields(f: FieldSchema): [string, FieldSchema][] {
  return f.type === 'array' && f.items?.type === 'object' ? Object.entries(f.items.properties ?? {}) : [];
}

export const isArrayOfObjects = (f: FieldSchema | undefined): boolean => Boolean(f && f.type === 'array' && f.items?.type === 'object');
