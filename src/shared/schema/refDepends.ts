import type { FieldSchema, PageSchema, RuleViolation } from './types';
import { fieldSchema, filterOperator, recordFields } from './model';

type Row = Record<string, unknown>;

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The page's dependent references: field name, its schema and its `x-ref-depends` (their field → our field). */
export function dependentRefs(page: PageSchema): [string, FieldSchema, Record<string, string>][] {
  return Object.entries(page.model?.properties ?? {})
    .filter(([, f]) => f['x-ref'] && f['x-ref-depends'])
    .map(([name, f]) => [name, f, f['x-ref-depends']!]);
}

/**
 * The values a dependent reference's options are narrowed by: `{ carrierCode: 'C0001' }` for a
 * driver picked on a waybill whose carrier is C0001. A parent left empty narrows nothing.
 */
export function dependsFilter(depends: Record<string, string> | undefined, record: Row): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [theirs, ours] of Object.entries(depends ?? {})) {
    const v = record[ours];
    if (!empty(v) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) out[theirs] = v;
  }
  return out;
}

/** Checks of the keyword within its page: a reference, naming other scalar fields of the same page. */
export function dependsErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  const props = page.model?.properties ?? {};
  const fields = new Set(recordFields(page));
  for (const [name, f] of Object.entries(props)) {
    const depends = f['x-ref-depends'];
    if (!depends) continue;
    if (!f['x-ref']) errors.push(`model.${name}.x-ref-depends: needs x-ref (the page whose records are narrowed)`);
    for (const [theirs, ours] of Object.entries(depends)) {
      const where = `model.${name}.x-ref-depends.${theirs}`;
      if (ours === name) errors.push(`${where}: a field cannot depend on itself`);
      else if (!fields.has(ours))
        errors.push(`${where}: unknown field "${ours}"; name the field of this page whose value narrows the choice, e.g. "carrierCode"`);
      else if (props[ours] && (props[ours].type === 'array' || props[ours].type === 'object'))
        errors.push(`${where}: "${ours}" holds several values; a dependency compares one value`);
    }
  }
  return errors;
}

/** The referenced page must have the fields named (needs every page, so the loader runs it). */
export function dependsCrossErrors(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const errors: string[] = [];
  for (const [name, f, depends] of dependentRefs(page)) {
    const target = pages.get(f['x-ref']!);
    if (!target) continue;
    const theirs = new Set(recordFields(target));
    for (const k of Object.keys(depends)) {
      if (!theirs.has(k))
        errors.push(`model.${name}.x-ref-depends: "${k}" is not a field of ${target.id} (one of: ${[...theirs].join(', ')})`);
      else if (target.model?.properties[k]?.type === 'array')
        errors.push(`model.${name}.x-ref-depends: "${k}" of ${target.id} holds several values; a dependency compares one value`);
      // The options route narrows by the page's own filter of that field, which must match whole values.
      else if (filterOperator(fieldSchema(target, k)!) !== 'eq')
        errors.push(
          `model.${name}.x-ref-depends: "${k}" of ${target.id} is not filtered by equality; give it x-filter "eq" (or make it a reference or an enum)`,
        );
    }
  }
  return errors;
}

/**
 * References that do not belong to the chosen parent: a driver of another carrier. `records` holds the
 * referenced records of each dependent field as the server read them, each with its stored key as
 * `$key`; a reference not found is the reference check's refusal, not this one's.
 */
export function dependencyViolations(page: PageSchema, record: Row, records: Record<string, Row[]>): RuleViolation[] {
  const out: RuleViolation[] = [];
  const props = page.model?.properties ?? {};
  for (const [name, f, depends] of dependentRefs(page)) {
    const found = records[name];
    if (!found?.length) continue;
    for (const [theirs, ours] of Object.entries(depends)) {
      const want = record[ours];
      if (empty(want)) continue;
      const wrong = found.find((r) => String(r[theirs] ?? '') !== String(want));
      if (!wrong) continue;
      out.push({
        field: name,
        key: 'validation.rule.refOfParent',
        params: { field: f.title, parent: props[ours]?.title ?? ours, value: String(wrong.$key ?? '') },
      });
      break;
    }
  }
  return out;
}
