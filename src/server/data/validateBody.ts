import type { ErrorObject } from 'ajv';
import { AppError, badRequest } from '../errors.js';
import { createAjv } from '../../shared/schema/ajv.js';
import { recordJsonSchema, recordValidator, type WriteMode } from '../../shared/schema/recordValidator.js';
import type { FieldSchema, PageSchema } from '../../shared/schema/types.js';
import type { Row } from './rows.js';
import { ruleViolations, type RuleContext } from '../../shared/schema/rules.js';
import { regionViolations } from './regions.js';
import { patternExample } from '../../shared/schema/patternExample.js';
import { fenToYuan } from '../../shared/number.js';
import { isMoney } from './format.js';

const ajv = createAjv();

type FieldErrors = Record<string, { key: string; params?: Record<string, unknown> }>;

/** ajv errors → one message key per field, with the field's own title in the message. */
const KNOWN = [
  'required',
  'additionalProperties',
  'type',
  'itemType',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'enum',
  'minimum',
  'maximum',
  'maxItems',
  'multipleOf',
  'safeUrl',
];

/**
 * An error inside one item of an array of objects, keyed by the cell's form path (tiers.1.toCount)
 * so the form shows it at the cell; the message names the field, the row (from 1) and the column.
 */
function cellError(e: ErrorObject, parts: string[], f: FieldSchema): [string, FieldErrors[string]] | null {
  const row = Number(parts[1]);
  if (!Number.isInteger(row)) return null;
  const p = e.params as Record<string, unknown>;
  let column = parts[2];
  if (!column && e.keyword === 'required') column = p.missingProperty as string;
  if (!column && e.keyword === 'additionalProperties') column = p.additionalProperty as string;
  const sub = column ? f.items?.properties?.[column] : undefined;
  const keyword = KNOWN.includes(e.keyword) ? e.keyword : 'invalid';
  const why = explained(sub, keyword, p);
  const detail = { key: why.key, params: { ...why.params, field: sub?.title ?? column ?? '' } };
  return [
    [parts[0], row, column].filter((x) => x !== undefined).join('.'),
    { key: 'server.validation.cell', params: { field: f.title, row: row + 1, detail } },
  ];
}

/**
 * The message says what is expected: a pattern with a sample value ("like HZ12345"), a money limit in
 * yuan as the form shows it, not in the stored fen.
 */
function explained(
  f: FieldSchema | undefined,
  keyword: string,
  p: Record<string, unknown>,
): { key: string; params: Record<string, unknown> } {
  const key = `server.validation.field.${keyword}`;
  if (!f) return { key, params: p };
  if (keyword === 'pattern') {
    const example = patternExample(f);
    // The page's own words for its rule ("a Chinese mobile number, 11 digits"), with the sample if any.
    if (f['x-pattern-message']) return { key: f['x-pattern-message'], params: { ...p, ...(example ? { example } : {}) } };
    return example ? { key: 'server.validation.field.patternExample', params: { ...p, example } } : { key, params: p };
  }
  if ((keyword === 'minimum' || keyword === 'maximum') && isMoney(f) && typeof p.limit === 'number') {
    return { key, params: { ...p, limit: `¥${fenToYuan(p.limit)}` } };
  }
  return { key, params: p };
}

function fieldErrors(errors: ErrorObject[], fields: Record<string, FieldSchema>): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const parts = e.instancePath.split('/').slice(1);
    if (parts.length >= 2 && fields[parts[0]]?.items?.type === 'object') {
      const cell = cellError(e, parts, fields[parts[0]]);
      if (cell && !out[cell[0]]) out[cell[0]] = cell[1];
      if (cell) continue;
    }
    let field = e.instancePath.split('/')[1] ?? '';
    if (e.keyword === 'required') field = (e.params as { missingProperty: string }).missingProperty;
    if (e.keyword === 'additionalProperties') field = (e.params as { additionalProperty: string }).additionalProperty;
    if (!field || out[field]) continue;
    const title = fields[field]?.title ?? field;
    const p = e.params as Record<string, unknown>;
    const keyword =
      e.keyword === 'type' && e.instancePath.split('/').length > 2
        ? 'itemType'
        : e.keyword === 'format' && ['safeUrl', 'uri'].includes(String(p.format))
          ? 'safeUrl'
          : e.keyword;
    const why = explained(fields[field], KNOWN.includes(keyword) ? keyword : 'invalid', p);
    out[field] = { key: why.key, params: { field: title, ...why.params } };
  }
  return out;
}

/** Unknown keys reported by name; past this many the body is refused at once with one message. */
export const MAX_UNKNOWN_REPORTED = 3;
/** Deeper values are refused before they reach a serialiser that recurses. */
export const MAX_VALUE_DEPTH = 16;

/** Whether a value nests objects or arrays deeper than `max` (walked without recursion). */
function tooDeep(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Checks that cost no more than a look at each key, before ajv: a body of many unknown keys gets one
 * short answer naming the first few (ajv would report every one), and no value nests too deep.
 */
function precheck(body: Row, known: Record<string, unknown>, fields: Record<string, FieldSchema>): void {
  const unknown = Object.keys(body).filter((k) => !Object.prototype.hasOwnProperty.call(known, k));
  if (unknown.length > MAX_UNKNOWN_REPORTED) {
    const shown = unknown.slice(0, MAX_UNKNOWN_REPORTED);
    const errors = Object.fromEntries(
      shown.map((k) => [k.slice(0, 40), { key: 'server.validation.field.additionalProperties', params: { field: k.slice(0, 40) } }]),
    );
    throw badRequest(
      'server.validation.unknownFields',
      { fields: Object.keys(errors).join(', '), count: unknown.length },
      { fieldErrors: errors },
    );
  }
  for (const [k, v] of Object.entries(body)) {
    if (v && typeof v === 'object' && tooDeep(v, MAX_VALUE_DEPTH)) {
      throw invalid({
        [k.slice(0, 40)]: {
          key: 'server.validation.field.tooDeep',
          params: { field: fields[k]?.title ?? k.slice(0, 40), limit: MAX_VALUE_DEPTH },
        },
      });
    }
  }
}

export function invalid(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0];
  return badRequest(first?.key ?? 'server.validation.failed', first?.params ?? {}, { fieldErrors: errors });
}

/** Validates a record body against the page model; on failure nothing is stored and each field gets its message. */
export function validateRecord(page: PageSchema, mode: WriteMode, body: Row): void {
  const v = recordValidator(ajv, page, mode);
  precheck(body, (v.schema as { properties: Record<string, unknown> }).properties, page.model!.properties);
  const props = page.model!.properties;
  if (!v(body)) throw invalid(fieldErrors(v.errors ?? [], props));
}

const fragmentCache = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/** Validates the fields of a transition or action dialog. */
export function validateFragment(page: PageSchema, fields: Record<string, FieldSchema>, required: string[], body: Row): void {
  let v = fragmentCache.get(fields);
  if (!v) {
    v = ajv.compile(recordJsonSchema(page, 'update', fields, required));
    fragmentCache.set(fields, v);
  }
  precheck(body, fields, fields);
  if (!v(body)) throw invalid(fieldErrors(v.errors ?? [], fields));
}

/** Region chains and cross-field rules (x-after, x-required-when, rules) on the record as it would be stored; refused with each field's message. */
export function checkRules(page: PageSchema, record: Row, context?: RuleContext): void {
  const errors: FieldErrors = {};
  for (const v of [...regionViolations(page, record), ...ruleViolations(page, record, context)])
    if (!errors[v.field]) errors[v.field] = { key: v.key, params: v.params };
  if (Object.keys(errors).length) throw invalid(errors);
}
