import type { ValidateFunction } from 'ajv';
import metaSchema from './page.schema.json';
import { createAjv } from './ajv';
import { compileSchema } from './compile';
import type { PageSchema } from './types';
import { fieldSchema, recordFields } from './model';
import { closest, explainAjvError, pageSuggestion, suggestion } from './teach';
import { keywordHome } from './keywordHomes';
import { arrayOfObjectsErrors, computedErrors, ruleErrors, totalsErrors } from './keywordChecks';
import { componentPropsErrors, secretFieldErrors } from './guardRails';
import { dependsErrors } from './refDepends';
import { fillErrors } from './refFill';

let metaValidator: ValidateFunction | null = null;

function meta(): ValidateFunction {
  if (!metaValidator) metaValidator = compileSchema(createAjv(true), metaSchema);
  return metaValidator;
}

/**
 * Checks a page schema against the meta-schema, then the rules JSON Schema cannot say: every field a
 * view names exists, states and transitions agree with the enum, and so on. Returns readable errors.
 */
export function validatePageSchema(page: unknown): string[] {
  const v = meta();
  const id = String((page as { id?: unknown } | null)?.id ?? '');
  // An `if` error only says its branch failed; that branch's own errors say why.
  if (!v(page)) return [...new Set((v.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => withHome(explainAjvError(e, id))))];
  return semanticErrors(page as PageSchema);
}

/**
 * An unknown keyword without a close spelling may still be a keyword of another level (`history`
 * belongs in `detail`, `computed` is a field's `x-computed`): say where it is written instead.
 */
function withHome(error: string): string {
  const m = /^(\S*)\/([^/]+): unknown keyword "[^"]*"; use one of/.exec(error);
  if (!m) return error;
  const home = keywordHome(
    m[2],
    m[1]
      .split('/')
      .filter((t) => t && !/^\d+$/.test(t))
      .join('.'),
  );
  return home ? `${m[1]}/${m[2]}: unknown keyword "${m[2]}" here; ${home}` : error;
}

function semanticErrors(page: PageSchema): string[] {
  const errors: string[] = [...secretFieldErrors(page), ...componentPropsErrors(page)];
  const fields = new Set(recordFields(page));
  const props = page.model?.properties ?? {};
  const need = (where: string, name: string | undefined) => {
    if (name !== undefined && !fields.has(name)) errors.push(`${where}: unknown field "${name}"`);
  };
  page.model?.required?.forEach((f) => {
    if (!props[f]) errors.push(`model.required: unknown field "${f}"`);
  });
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
  page.detail?.sections?.forEach((s) => s.fields.forEach((f) => need('detail', f)));
  page.print?.sections.forEach((s) => s.fields.forEach((f) => need('print', f)));
  if (page.log) need('log.timeField', page.log.timeField);
  for (const [name, f] of Object.entries(props)) {
    if (f.writeOnly && page.list?.columns.some((c) => (typeof c === 'string' ? c : c.field) === name)) {
      errors.push(`list.columns: "${name}" is write-only and can never be shown`);
    }
    if (f.enum && f.default !== undefined && !f.enum.includes(f.default as string)) errors.push(`model.${name}: default is not in enum`);
    if (f['x-hash'] && !f.writeOnly) errors.push(`model.${name}: x-hash needs writeOnly`);
    if (f['x-sequence'] && (f.type !== 'string' || !f['x-unique'])) errors.push(`model.${name}: x-sequence needs a unique string field`);
    if (f['x-generated'] && (f.type !== 'string' || !f.readOnly)) errors.push(`model.${name}: x-generated needs a read-only string field`);
  }
  if (page.states) {
    const sf = props[page.states.field];
    if (!sf) errors.push(`states.field: unknown field "${page.states.field}"`);
    else if (!sf.enum) errors.push(`states.field: "${page.states.field}" needs an enum of states`);
    const states = new Set((sf?.enum ?? []).map(String));
    const names = new Set<string>();
    page.states.transitions.forEach((t, i) => {
      const at = `/states/transitions/${i}`;
      if (names.has(t.name)) errors.push(`${at}/name: transition "${t.name}" appears twice`);
      names.add(t.name);
      const unknownState = (where: string, s: string) => {
        if (states.has(s)) return;
        const near = closest(s, [...states]);
        errors.push(
          `${where}: transition "${t.name}": "${s}" is not a state of ${page.states!.field}; ${near ? `did you mean ${near}? ` : ''}the states are ${[...states].join(', ')}`,
        );
      };
      t.from.forEach((s, j) => unknownState(`${at}/from/${j}`, s));
      unknownState(`${at}/to`, t.to);
      t.customerFrom?.forEach((s, j) => {
        if (!t.from.includes(s))
          errors.push(
            `${at}/customerFrom/${j}: transition "${t.name}": "${s}" is not in its from; a customer may run a transition in fewer states, not more`,
          );
      });
      t.form?.forEach((f, j) => {
        if (!props[f]) errors.push(`${at}/form/${j}: transition "${t.name}": unknown field "${f}"; ${suggestion(f, Object.keys(props))}`);
      });
      t.required?.forEach((f, j) => {
        if (!t.form?.includes(f))
          errors.push(`${at}/required/${j}: transition "${t.name}": "${f}" is not in its form; add it to form or remove it here`);
      });
    });
    page.states.editableIn?.forEach((st) => {
      if (!states.has(st)) errors.push(`states.editableIn: "${st}" is not a state of ${page.states!.field}`);
    });
    page.states.customerEditableIn?.forEach((st) => {
      if (!(page.states!.editableIn ?? [...states]).includes(st))
        errors.push(`states.customerEditableIn: "${st}" is not in editableIn; a customer may edit in fewer states, not more`);
    });
  }
  page.actions?.forEach((a) =>
    a.required?.forEach((f) => {
      if (!a.fields?.[f]) errors.push(`actions.${a.name}.required: unknown field "${f}"`);
    }),
  );
  errors.push(...composedPageErrors(page));
  errors.push(...fixedFilterErrors(page, fields));
  for (const [name, f] of Object.entries(props)) {
    const other = f['x-after'] && props[f['x-after']];
    if (f['x-after'] && !other) errors.push(`model.${name}.x-after: unknown field "${f['x-after']}"; name a field of this model`);
    else if (other && (other.type !== f.type || other.format !== f.format))
      errors.push(`model.${name}.x-after: "${f['x-after']}" must have the same type and format as "${name}"`);
    if (f['x-not-future'] && f.format !== 'date' && f.format !== 'date-time')
      errors.push(`model.${name}.x-not-future: only a date or date-time field can be kept out of the future`);
    if (f['x-region-level'] && f['x-component'] !== 'RegionCascader')
      errors.push(`model.${name}.x-region-level: only a region field (x-component RegionCascader) has levels`);
  }
  if (page.kind === 'settings' && page.resource?.scope !== 'party')
    errors.push('settings pages keep one record per organisation: resource.scope must be "party"');
  errors.push(
    ...arrayOfObjectsErrors(page),
    ...computedErrors(page),
    ...totalsErrors(page),
    ...ruleErrors(page),
    ...dependsErrors(page),
    ...fillErrors(page),
  );
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
    if (f.enum && !f.enum.includes(value as string | number))
      errors.push(`fixedFilter.${name}: "${String(value)}" is not in the field's enum`);
    const type = typeof value;
    const ok =
      f.type === 'string'
        ? type === 'string'
        : f.type === 'boolean'
          ? type === 'boolean'
          : f.type === 'integer' || f.type === 'number'
            ? type === 'number'
            : false;
    if (!ok) errors.push(`fixedFilter.${name}: the value must be a ${f.type === 'integer' ? 'number' : f.type}`);
  }
  return errors;
}

/** Tabs and dashboard pages show other pages' records: they hold no table of their own. */
function composedPageErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  const composed = page.kind === 'tabs' || page.kind === 'dashboard';
  if (composed) {
    for (const k of ['resource', 'model', 'list', 'form', 'detail', 'states', 'actions', 'demo'] as const) {
      if (page[k]) errors.push(`${k}: a ${page.kind} page has no records of its own; remove "${k}" (put it on the page it shows)`);
    }
  }
  if (page.tabs && page.kind !== 'tabs') errors.push(`tabs: only a page of kind "tabs" has tabs`);
  if (page.dashboard && page.kind !== 'dashboard') errors.push(`dashboard: only a page of kind "dashboard" has a dashboard`);
  const seen = new Set<string>();
  page.tabs?.forEach((tab, i) => {
    if (seen.has(tab.page)) errors.push(`tabs[${i}].page: "${tab.page}" is already a tab`);
    if (tab.page === page.id) errors.push(`tabs[${i}].page: a page cannot be its own tab`);
    seen.add(tab.page);
  });
  const names = new Set<string>();
  const measured = (where: string, m: { name: string; op: string; field?: string }) => {
    if (names.has(m.name)) errors.push(`${where}: name "${m.name}" is used twice`);
    names.add(m.name);
    if (m.op !== 'count' && !m.field) errors.push(`${where}: "${m.op}" needs a field (or use "op": "count")`);
  };
  page.dashboard?.figures?.forEach((f, i) => measured(`dashboard.figures[${i}]`, f));
  page.dashboard?.charts.forEach((c, i) => {
    if (names.has(c.name)) errors.push(`dashboard.charts[${i}]: name "${c.name}" is used twice`);
    names.add(c.name);
    const own = new Set<string>();
    c.measures.forEach((m, j) => {
      if (own.has(m.name)) errors.push(`dashboard.charts[${i}].measures[${j}]: name "${m.name}" is used twice`);
      own.add(m.name);
      if (m.op !== 'count' && !m.field)
        errors.push(`dashboard.charts[${i}].measures[${j}]: "${m.op}" needs a field (or use "op": "count")`);
    });
    if (c.type === 'map' && c.bucket !== 'first')
      errors.push(`dashboard.charts[${i}]: a map groups by province: write "bucket": "first" on a region field`);
    if ((c.type === 'pie' || c.type === 'map') && c.measures.length !== 1)
      errors.push(`dashboard.charts[${i}]: a ${c.type} chart draws one measure`);
  });
  return errors;
}

/**
 * The rules that need the other pages: a tab names a page, a dashboard's fields exist in its
 * source and suit their use. Messages start with the place in the file.
 */
export function crossPageErrors(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const errors: string[] = [];
  page.tabs?.forEach((tab, i) => {
    const target = pages.get(tab.page);
    if (!target) errors.push(`tabs[${i}].page: "${tab.page}" is not a page; ${pageSuggestion(tab.page, pages)}`);
    else if (target.kind === 'tabs') errors.push(`tabs[${i}].page: "${tab.page}" is itself a tabs page; name the pages it holds instead`);
  });
  const spec = page.dashboard;
  if (!spec) return errors;
  const source = pages.get(spec.source);
  if (!source?.resource) {
    errors.push(
      `dashboard.source: "${spec.source}" is not a page with records; ${pageSuggestion(spec.source, new Map([...pages].filter(([, p]) => p.resource)))}`,
    );
    return errors;
  }
  const fields = new Set(recordFields(source));
  const need = (where: string, name: string | undefined) => {
    if (name !== undefined && !fields.has(name))
      errors.push(`${where}: "${name}" is not a field of ${source.id} (one of: ${[...fields].join(', ')})`);
  };
  spec.figures?.forEach((f, i) => {
    need(`dashboard.figures[${i}].field`, f.field);
    Object.keys(f.where ?? {}).forEach((k) => need(`dashboard.figures[${i}].where`, k));
  });
  spec.charts.forEach((c, i) => {
    need(`dashboard.charts[${i}].groupBy`, c.groupBy);
    c.measures.forEach((m, j) => need(`dashboard.charts[${i}].measures[${j}].field`, m.field));
    const f = fieldSchema(source, c.groupBy);
    if ((c.bucket === 'day' || c.bucket === 'month') && f && f.format !== 'date-time')
      errors.push(`dashboard.charts[${i}].bucket: "${c.bucket}" needs a date-time field; "${c.groupBy}" is not one`);
    if (c.bucket === 'first' && f && f.type !== 'array')
      errors.push(`dashboard.charts[${i}].bucket: "first" needs an array field (a region); "${c.groupBy}" is not one`);
  });
  return errors;
}
