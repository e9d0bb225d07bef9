import type { ValidateFunction } from 'ajv';
import metaSchema from './page.schema.json';
import { createAjv } from './ajv';
import type { PageSchema } from './types';
import { fieldSchema, recordFields } from './model';

let metaValidator: ValidateFunction | null = null;

function meta(): ValidateFunction {
  if (!metaValidator) metaValidator = createAjv().compile(metaSchema);
  return metaValidator;
}

/**
 * Checks a page schema against the meta-schema, then the rules JSON Schema cannot say: every field a
 * view names exists, states and transitions agree with the enum, and so on. Returns readable errors.
 */
export function validatePageSchema(page: unknown): string[] {
  const v = meta();
  if (!v(page)) return (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  return semanticErrors(page as PageSchema);
}

function semanticErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  const fields = new Set(recordFields(page));
  const props = page.model?.properties ?? {};
  const need = (where: string, name: string | undefined) => {
    if (name !== undefined && !fields.has(name)) errors.push(`${where}: unknown field "${name}"`);
  };
  page.model?.required?.forEach((f) => { if (!props[f]) errors.push(`model.required: unknown field "${f}"`); });
  need('resource.label', page.resource?.label);
  need('resource.key', page.resource?.key);
  page.resource?.search?.forEach((f) => need('resource.search', f));
  page.resource?.uniqueTogether?.flat().forEach((f) => need('resource.uniqueTogether', f));
  page.list?.columns.forEach((c) => need('list.columns', typeof c === 'string' ? c : c.field));
  page.list?.filters?.forEach((f) => need('list.filters', f));
  page.list?.sortable?.forEach((f) => need('list.sortable', f));
  if (page.list?.defaultSort) need('list.defaultSort', page.list.defaultSort.replace(/^-/, ''));
  Object.keys(page.list?.todo ?? {}).forEach((f) => need('list.todo', f));
  const formList = page.form?.sections?.flatMap((s) => s.fields) ?? page.form?.fields ?? [];
  formList.forEach((f) => {
    if (!props[f]) errors.push(`form: unknown field "${f}"`);
    else if (props[f].readOnly) errors.push(`form: field "${f}" is read-only`);
  });
  page.detail?.sections.forEach((s) => s.fields.forEach((f) => need('detail', f)));
  if (page.log) need('log.timeField', page.log.timeField);
  for (const [name, f] of Object.entries(props)) {
    if (f.writeOnly && page.list?.columns.some((c) => (typeof c === 'string' ? c : c.field) === name)) {
      errors.push(`list.columns: "${name}" is write-only and can never be shown`);
    }
    if (f.enum && f.default !== undefined && !f.enum.includes(f.default as string)) errors.push(`model.${name}: default is not in enum`);
    if (f['x-hash'] && !f.writeOnly) errors.push(`model.${name}: x-hash needs writeOnly`);
    if (f['x-sequence'] && (f.type !== 'string' || !f['x-unique'])) errors.push(`model.${name}: x-sequence needs a unique string field`);
  }
  if (page.states) {
    const sf = props[page.states.field];
    if (!sf) errors.push(`states.field: unknown field "${page.states.field}"`);
    else if (!sf.enum) errors.push(`states.field: "${page.states.field}" needs an enum of states`);
    const states = new Set((sf?.enum ?? []).map(String));
    const names = new Set<string>();
    for (const t of page.states.transitions) {
      if (names.has(t.name)) errors.push(`states: transition "${t.name}" appears twice`);
      names.add(t.name);
      [...t.from, t.to].forEach((s) => { if (!states.has(s)) errors.push(`states.${t.name}: "${s}" is not a state of ${page.states!.field}`); });
      t.form?.forEach((f) => { if (!props[f]) errors.push(`states.${t.name}.form: unknown field "${f}"`); });
      t.required?.forEach((f) => { if (!t.form?.includes(f)) errors.push(`states.${t.name}.required: "${f}" is not in its form`); });
    }
    page.states.editableIn?.forEach((st) => { if (!states.has(st)) errors.push(`states.editableIn: "${st}" is not a state of ${page.states!.field}`); });
  }
  page.actions?.forEach((a) => a.required?.forEach((f) => { if (!a.fields?.[f]) errors.push(`actions.${a.name}.required: unknown field "${f}"`); }));
  errors.push(...fixedFilterErrors(page, fields));
  for (const [name, f] of Object.entries(props)) {
    const other = f['x-after'] && props[f['x-after']];
    if (f['x-after'] && !other) errors.push(`model.${name}.x-after: unknown field "${f['x-after']}"; name a field of this model`);
    else if (other && (other.type !== f.type || other.format !== f.format)) errors.push(`model.${name}.x-after: "${f['x-after']}" must have the same type and format as "${name}"`);
  }
  if (page.kind === 'settings' && page.resource?.scope !== 'party') errors.push('settings pages keep one record per organisation: resource.scope must be "party"');
  return errors;
}

/** A fixed filter names stored, readable fields of the page, with values they can hold. */
function fixedFilterErrors(page: PageSchema, fields: Set<string>): string[] {
  const errors: string[] = [];
  if (page.fixedFilter && !page.resource) errors.push('fixedFilter: the page has no resource to filter');
  for (const [name, value] of Object.entries(page.fixedFilter ?? {})) {
    const f = fieldSchema(page, name);
    if (!fields.has(name) || !f) {
      errors.push(`fixedFilter: unknown field "${name}"; name a field of the model`);
      continue;
    }
    if (f.writeOnly) errors.push(`fixedFilter.${name}: a write-only field cannot be filtered`);
    if (f.enum && !f.enum.includes(value as string | number)) errors.push(`fixedFilter.${name}: "${String(value)}" is not in the field's enum`);
    const type = typeof value;
    const ok = f.type === 'string' ? type === 'string' : f.type === 'boolean' ? type === 'boolean' : (f.type === 'integer' || f.type === 'number') ? type === 'number' : false;
    if (!ok) errors.push(`fixedFilter.${name}: the value must be a ${f.type === 'integer' ? 'number' : f.type}`);
  }
  return errors;
}
