import type { PageSchema } from './types';
import { expressionNames, evaluateExpression } from './expression';
import { recordFields } from './model';

type Row = Record<string, unknown>;

/** The page's reference fields that fill others: field name, referenced page id, fills (our field → expression). */
export function fillingRefs(page: PageSchema): [string, string, Record<string, string>][] {
  return Object.entries(page.model?.properties ?? {})
    .filter(([, f]) => f['x-ref'] && f['x-ref-fill'] && !f['x-ref-multiple'] && f.type !== 'array')
    .map(([name, f]) => [name, f['x-ref']!, f['x-ref-fill']!]);
}

/** The fields of the referenced record that a field's fills read. */
export function fillReads(fills: Record<string, string>): string[] {
  const names = new Set<string>();
  for (const expr of Object.values(fills)) {
    try {
      expressionNames(expr).forEach((n) => names.add(n));
    } catch {
      // A fill that does not parse is refused by the schema check.
    }
  }
  return [...names];
}

/** The values the fills give for a chosen record; a fill that cannot be evaluated gives nothing. */
export function fillValues(fills: Record<string, string>, chosen: Row): Row {
  const out: Row = {};
  for (const [field, expr] of Object.entries(fills)) {
    try {
      const v = evaluateExpression(expr, chosen);
      if (v !== undefined) out[field] = v;
    } catch {
      // Left as it is.
    }
  }
  return out;
}

/** Checks within the page: a single reference filling writable fields of this page, with expressions that parse. */
export function fillErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  const props = page.model?.properties ?? {};
  for (const [name, f] of Object.entries(props)) {
    const fills = f['x-ref-fill'];
    if (!fills) continue;
    if (!f['x-ref'] || f['x-ref-multiple'] || f.type === 'array')
      errors.push(`model.${name}.x-ref-fill: needs x-ref to one record (the record whose fields fill the others)`);
    for (const [field, expr] of Object.entries(fills)) {
      const where = `model.${name}.x-ref-fill.${field}`;
      if (!props[field]) errors.push(`${where}: unknown field "${field}"; name a field of this page`);
      else if (props[field].readOnly || field === name)
        errors.push(`${where}: "${field}" cannot be filled (read-only, or the reference itself)`);
      try {
        expressionNames(expr);
      } catch (err) {
        errors.push(`${where}: ${(err as Error).message}`);
      }
    }
  }
  return errors;
}

/** The expressions read fields of the referenced page (needs every page, so the loader runs it). */
export function fillCrossErrors(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const errors: string[] = [];
  for (const [name, target, fills] of fillingRefs(page)) {
    const p = pages.get(target);
    if (!p) continue;
    const theirs = new Set(recordFields(p));
    for (const n of fillReads(fills)) if (!theirs.has(n)) errors.push(`model.${name}.x-ref-fill: "${n}" is not a field of ${target}`);
  }
  return errors;
}

/**
 * Per referenced page, the fields any page's fills read: the options route answers only these
 * beside a record's label, so a picker learns no more of a record than a fill needs.
 */
const fillable = new WeakMap<Map<string, PageSchema>, Map<string, Set<string>>>();
export function fillableFields(pages: Map<string, PageSchema>): Map<string, Set<string>> {
  const known = fillable.get(pages);
  if (known) return known;
  const out = new Map<string, Set<string>>();
  fillable.set(pages, out);
  for (const page of pages.values()) {
    for (const [, target, fills] of fillingRefs(page)) {
      const set = out.get(target) ?? new Set<string>();
      fillReads(fills).forEach((n) => set.add(n));
      out.set(target, set);
    }
  }
  return out;
}
