import type { ErrorObject } from 'ajv';
import { AppError } from '../errors.js';
import { createAjv } from '../../engine/schema/ajv.js';
import { recordJsonSchema, recordValidator, type WriteMode } from '../../engine/schema/recordValidator.js';
import type { FieldSchema, PageSchema } from '../../engine/schema/types.js';
import type { Row } from './rows.js';
import { afterViolations } from '../../engine/schema/afterRule.js';

const ajv = createAjv();

type FieldErrors = Record<string, { key: string; params?: Record<string, unknown> }>;

/** ajv errors → one message key per field, with the field's own title in the message. */
function fieldErrors(errors: ErrorObject[], fields: Record<string, FieldSchema>): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    let field = e.instancePath.split('/')[1] ?? '';
    if (e.keyword === 'required') field = (e.params as { missingProperty: string }).missingProperty;
    if (e.keyword === 'additionalProperties') field = (e.params as { additionalProperty: string }).additionalProperty;
    if (!field || out[field]) continue;
    const title = fields[field]?.title ?? field;
    const p = e.params as Record<string, unknown>;
    const keyword = e.keyword === 'type' && e.instancePath.split('/').length > 2 ? 'itemType' : e.keyword;
    const known = ['required', 'additionalProperties', 'type', 'itemType', 'maxLength', 'minLength', 'pattern', 'format', 'enum', 'minimum', 'maximum', 'maxItems', 'multipleOf'];
    out[field] = { key: `server.validation.field.${known.includes(keyword) ? keyword : 'invalid'}`, params: { field: title, ...p } };
  }
  return out;
}

export function invalid(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0];
  return new AppError(400, first?.key ?? 'server.validation.failed', first?.params ?? {}, errors);
}

/** Validates a record body against the page model; on failure nothing is stored and each field gets its message. */
export function validateRecord(page: PageSchema, mode: WriteMode, body: Row): void {
  const v = recordValidator(ajv, page, mode);
  const props = page.model!.properties;
  if (!v(body)) throw invalid(fieldErrors(v.errors ?? [], props));
  const later = Object.entries(afterViolations(props, body));
  if (later.length) {
    throw invalid(Object.fromEntries(later.map(([name, other]) => [name, { key: 'server.validation.field.after', params: { field: props[name].title, other: props[other].title } }])));
  }
}

const fragmentCache = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/** Validates the fields of a transition or action dialog. */
export function validateFragment(page: PageSchema, fields: Record<string, FieldSchema>, required: string[], body: Row): void {
  let v = fragmentCache.get(fields);
  if (!v) {
    v = ajv.compile(recordJsonSchema(page, 'update', fields, required));
    fragmentCache.set(fields, v);
  }
  if (!v(body)) throw invalid(fieldErrors(v.errors ?? [], fields));
}
