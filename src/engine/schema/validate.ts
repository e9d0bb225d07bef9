import type { ValidateFunction } from 'ajv';
import metaSchema from './page.schema.json';
import { createAjv } from './ajv';
import type { PageSchema } from './types';
import { recordFields } from './model';
import { arrayOfObjectsErrors, computedErrors, ruleErrors, totalsErrors } from './keywordChecks';

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
  if (page.kind === 'settings' && page.resource?.scope !== 'party') errors.push('settings pages keep one record per organisation: resource.scope must be "party"');
  errors.push(...arrayOfObjectsErrors(page), ...computedErrors(page), ...totalsErrors(page), ...ruleErrors(page));
  return errors;
}
