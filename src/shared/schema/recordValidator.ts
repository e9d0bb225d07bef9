import type Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { FieldSchema, PageSchema } from './types';
import { EXTENSION_KEYWORDS } from './ajv';
import { editableIn } from './model';

export type WriteMode = 'create' | 'update';

/** The JSON Schema keywords of a field that validate a value; display keywords are dropped. */
function valueSchema(f: FieldSchema, required: boolean): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (EXTENSION_KEYWORDS.includes(k) || ['title', 'description', 'default', 'readOnly', 'writeOnly'].includes(k)) continue;
    s[k] = v;
  }
  // An upload, image or link is shown to others as an address: one that runs script is never stored.
  if (f.type === 'string' && !f.format && (f['x-component'] === 'Upload' || f['x-cell'] === 'Image' || f['x-cell'] === 'Link'))
    s.format = 'safeUrl';
  if (f['x-ref-multiple']) {
    s.type = 'array';
    s.items = { type: ['string', 'integer'] };
  }
  if (f.items?.type === 'object') s.items = objectItemsSchema(f.items);
  if (required && f.type === 'string' && f.minLength === undefined) s.minLength = 1;
  if (!required) {
    // Optional fields may be cleared: null is the stored "no value".
    s.type = [s.type, 'null'];
    if (Array.isArray(s.enum)) s.enum = [...(s.enum as unknown[]), null];
  }
  return s;
}

/** The value schema of one item of an array of objects: its sub-fields as fields, nothing else. */
function objectItemsSchema(items: NonNullable<FieldSchema['items']>): Record<string, unknown> {
  const required = new Set(items.required ?? []);
  const props = items.properties ?? {};
  return {
    type: 'object',
    additionalProperties: false,
    required: [...required],
    properties: Object.fromEntries(Object.entries(props).map(([k, sub]) => [k, valueSchema(sub, required.has(k))])),
  };
}

/** Fields a request may write in the given mode, with whether each is required. */
export function writableFor(page: PageSchema, mode: WriteMode): { name: string; required: boolean; field: FieldSchema }[] {
  const required = new Set(page.model?.required ?? []);
  return (
    Object.entries(page.model?.properties ?? {})
      .filter(([, f]) => editableIn(f, mode))
      // A stored secret is kept when the edit form leaves it blank.
      // A numbered field left empty on create is filled by the server.
      .map(([name, field]) => ({
        name,
        field,
        required: required.has(name) && !(mode === 'update' && field.writeOnly) && !(mode === 'create' && field['x-sequence']),
      }))
  );
}

export function recordJsonSchema(page: PageSchema, mode: WriteMode, fields?: Record<string, FieldSchema>, requiredNames?: string[]) {
  const entries = fields
    ? Object.entries(fields).map(([name, field]) => ({ name, field, required: (requiredNames ?? []).includes(name) }))
    : writableFor(page, mode);
  return {
    type: 'object',
    additionalProperties: false,
    required: entries.filter((e) => e.required).map((e) => e.name),
    properties: Object.fromEntries(entries.map((e) => [e.name, valueSchema(e.field, e.required)])),
  };
}

const cache = new WeakMap<PageSchema, Map<string, ValidateFunction>>();

/** A compiled validator for a page's records, cached per page and mode. */
export function recordValidator(ajv: Ajv2020, page: PageSchema, mode: WriteMode): ValidateFunction {
  let byMode = cache.get(page);
  if (!byMode) cache.set(page, (byMode = new Map()));
  let v = byMode.get(mode);
  if (!v) byMode.set(mode, (v = ajv.compile(recordJsonSchema(page, mode))));
  return v;
}

/**
 * A demo row's schema: every field of the model, read-only ones included (a seeded ledger shows its
 * balances, a log its outcome), required as on create. Requests never use it: they keep writableFor.
 */
export function demoRowSchema(page: PageSchema) {
  const props = page.model?.properties ?? {};
  const required = (page.model?.required ?? []).filter(
    (n) => props[n] && !props[n]['x-sequence'] && !props[n]['x-generated'] && !props[n].readOnly,
  );
  return recordJsonSchema(page, 'create', props, required);
}
