import type { FieldSchema, PageSchema } from './types';
import { expressionNames } from './expression';
import { fieldSchema, recordFields } from './model';
import { pageSuggestion } from './teach';
import { IMPLICIT_NAMES } from './dateFunctions';
import { fieldKind, kindMismatch } from './expressionKinds';

const isImplicit = (n: string) => (IMPLICIT_NAMES as readonly string[]).includes(n);

/**
 * Checks of the structured-field keywords that JSON Schema cannot state: each message names the
 * place and what to write instead.
 */

const SCALAR = ['string', 'integer', 'number', 'boolean'];
/** Keywords that make sense for a column of the record but not for a cell of a sub-table. */
const NOT_IN_CELLS = [
  'readOnly',
  'writeOnly',
  'x-hash',
  'x-unique',
  'x-index',
  'x-sequence',
  'x-ref-multiple',
  'items',
  'x-export',
  'x-filter',
] as const;

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
      errors.push(
        `${where}.items: an array of objects needs its sub-fields under items.properties, e.g. {"fromCount": {"type": "integer", "title": "…"}}`,
      );
      continue;
    }
    for (const [sub, sf] of Object.entries(f.items.properties)) errors.push(...cellErrors(`${where}.items.properties.${sub}`, sf));
    f.items.required?.forEach((r) => {
      if (!f.items!.properties![r])
        errors.push(`${where}.items.required: unknown sub-field "${r}"; name one of ${Object.keys(f.items!.properties!).join(', ')}`);
    });
  }
  if (rowsExports > 1) errors.push('model: only one field may export as rows (x-export: "rows"); set the others to "text"');
  return errors;
}

function cellErrors(where: string, f: FieldSchema): string[] {
  const errors: string[] = [];
  if (!SCALAR.includes(f.type))
    errors.push(
      `${where}: a sub-field holds one value (string, integer, number or boolean), not ${f.type}; use a separate field for nested lists`,
    );
  for (const k of NOT_IN_CELLS) if (f[k] !== undefined) errors.push(`${where}: ${k} is not available in a sub-table cell; remove it`);
  if (f.enum && f.default !== undefined && !f.enum.includes(f.default as string)) errors.push(`${where}: default is not in enum`);
  return errors;
}

/** Every field a sub-table names, with its path (field.sub), for walking values. */
export function objectItemFields(f: FieldSchema): [string, FieldSchema][] {
  return f.type === 'array' && f.items?.type === 'object' ? Object.entries(f.items.properties ?? {}) : [];
}

export const isArrayOfObjects = (f: FieldSchema | undefined): boolean => Boolean(f && f.type === 'array' && f.items?.type === 'object');

/** The names an expression reads, or the parse error as a message. */
function namesIn(expr: string): string[] | string {
  try {
    return expressionNames(expr);
  } catch (err) {
    return (err as Error).message;
  }
}

export function computedErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  const fields = new Set(recordFields(page));
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    const c = f['x-computed'];
    if (!c) continue;
    const where = `model.${name}.x-computed`;
    if (!f.readOnly) errors.push(`${where}: a computed field is set by the server only; add "readOnly": true`);
    if (f.type === 'array' || f.type === 'object')
      errors.push(`${where}: a computed field holds one value (string, integer, number or boolean)`);
    if (!c.stored && (f['x-index'] || f['x-unique']))
      errors.push(`${where}: a field computed on read has no column to index; remove x-index/x-unique or write "stored": true`);
    const names = namesIn(c.expr);
    if (typeof names === 'string') {
      errors.push(`${where}.expr: ${names}`);
      continue;
    }
    for (const n of names) {
      if (n === name) errors.push(`${where}.expr: "${name}" cannot use itself`);
      else if (isImplicit(n)) continue;
      else if (!fields.has(n))
        errors.push(`${where}.expr: unknown field "${n}"; use one of the page's fields (${[...fields].slice(0, 8).join(', ')}…)`);
      else if (page.model!.properties[n]?.['x-computed'] && !page.model!.properties[n]['x-computed']!.stored && c.stored) {
        errors.push(`${where}.expr: "${n}" is computed on read and has no stored value; compute "${name}" on read too ("stored": false)`);
      }
    }
    if (names.every((n) => n !== name && (isImplicit(n) || fields.has(n)))) {
      const wrong = kindMismatch(c.expr, f, (n) => fieldKind(fieldSchema(page, n)));
      if (wrong) errors.push(`${where}.expr: "${c.expr}" ${wrong}`);
    }
  }
  const onRead = (n: string) => Boolean(page.model?.properties[n]?.['x-computed'] && !page.model.properties[n]['x-computed']!.stored);
  page.list?.filters?.forEach((n) => {
    if (onRead(n)) errors.push(`list.filters: "${n}" is computed on read and cannot be filtered; write "stored": true in its x-computed`);
  });
  page.list?.sortable?.forEach((n) => {
    if (onRead(n)) errors.push(`list.sortable: "${n}" is computed on read and cannot be sorted; write "stored": true in its x-computed`);
  });
  if (page.list?.defaultSort && onRead(page.list.defaultSort.replace(/^-/, '')))
    errors.push('list.defaultSort: a field computed on read cannot be sorted');
  return errors;
}

export function totalsErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  page.list?.totals?.forEach((total, i) => {
    const where = `list.totals[${i}]`;
    const f = fieldSchema(page, total.field);
    if (!f) errors.push(`${where}: unknown field "${total.field}"`);
    else if (f['x-computed'] && !f['x-computed'].stored)
      errors.push(`${where}: "${total.field}" is computed on read; the database can only total stored fields ("stored": true)`);
    else if (total.op !== 'count' && f.type !== 'integer' && f.type !== 'number')
      errors.push(`${where}: ${total.op} needs a number field; "${total.field}" is ${f.type} (use op "count")`);
  });
  return errors;
}

/** Checks of transition effects against the pages they name (needs every page, so the loader runs it). */
export function effectErrors(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const errors: string[] = [];
  const own = new Set(recordFields(page));
  for (const t of page.states?.transitions ?? []) {
    t.effects?.forEach((e, i) => {
      const where = `states.${t.name}.effects[${i}]`;
      const target = pages.get(e.page);
      if (!target?.resource || !target.model) {
        errors.push(
          `${where}: unknown page "${e.page}"; ${pageSuggestion(e.page, new Map([...pages].filter(([, p]) => p.resource && p.model)), `name a page with a table, e.g. "${[...pages.keys()].find((k) => k.split('/')[0] === page.id.split('/')[0]) ?? 'area/page'}"`)}`,
        );
        return;
      }
      if (target.resource.readOnly || target.kind === 'log' || target.kind === 'report')
        errors.push(`${where}: page "${e.page}" is read-only`);
      const theirs = new Set(recordFields(target));
      const value = (kind: string, k: string, v: unknown) => {
        if (typeof v === 'string' && v.startsWith('$record.') && !own.has(v.slice(8)))
          errors.push(`${where}.${kind}.${k}: "${v}" names no field of ${page.id}`);
        else if (typeof v === 'string' && v.startsWith('$') && !v.startsWith('$record.') && v !== '$now' && v !== '$user')
          errors.push(`${where}.${kind}.${k}: "${v}" is not a value; write "$record.<field>", "$now" or "$user"`);
      };
      for (const [k, v] of Object.entries(e.match ?? {})) {
        if (!theirs.has(k)) errors.push(`${where}.match: unknown field "${k}" of ${e.page}`);
        value('match', k, v);
      }
      for (const [k, v] of Object.entries({ ...e.set, ...e.create })) {
        const tf = target.model!.properties[k];
        if (!tf) errors.push(`${where}: unknown field "${k}" of ${e.page}`);
        else if (tf['x-computed'] || tf['x-hash'] || target.states?.field === k)
          errors.push(`${where}: "${k}" of ${e.page} is computed, hashed or a state; effects cannot write it`);
        value(e.set ? 'set' : 'create', k, v);
      }
    });
  }
  return errors;
}

export function ruleErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  const props = page.model?.properties ?? {};
  const fields = new Set(recordFields(page));
  const exprNames = (where: string, expr: string, extra: string[] = []) => {
    const names = namesIn(expr);
    if (typeof names === 'string') errors.push(`${where}: ${names}`);
    else
      names
        .filter((n) => !fields.has(n) && !extra.includes(n) && !isImplicit(n))
        .forEach((n) => errors.push(`${where}: unknown field "${n}"; an expression reads the page's fields by name`));
  };
  for (const [name, f] of Object.entries(props)) {
    const after = f['x-after'];
    if (after) {
      const other = props[after];
      if (!other) errors.push(`model.${name}.x-after: unknown field "${after}"; name the field this one must follow, e.g. "validFrom"`);
      else if (after === name) errors.push(`model.${name}.x-after: a field cannot follow itself`);
      else if (['integer', 'number'].includes(f.type) !== ['integer', 'number'].includes(other.type) || f.format !== other.format) {
        errors.push(
          `model.${name}.x-after: "${after}" holds another kind of value (${other.type}${other.format ? `/${other.format}` : ''}); compare two dates, two times or two numbers`,
        );
      }
    }
    if (f['x-required-when']) exprNames(`model.${name}.x-required-when`, f['x-required-when']);
    if (f['x-ref-filter'] && !f['x-ref']) errors.push(`model.${name}.x-ref-filter: needs x-ref (the page whose records are filtered)`);
  }
  page.rules?.forEach((r, i) => {
    const where = `rules[${i}]`;
    const aliases = Object.keys(r.with ?? {});
    for (const [alias, field] of Object.entries(r.with ?? {})) {
      if (!props[field]?.['x-ref'] || props[field]['x-ref-multiple'])
        errors.push(`${where}.with.${alias}: "${field}" is not a field referring to one record (x-ref)`);
      if (props[alias]) errors.push(`${where}.with.${alias}: the alias hides the field of the same name; choose another`);
    }
    for (const alias of Object.keys(r.aggregate ?? {})) {
      if (props[alias] || aliases.includes(alias))
        errors.push(`${where}.aggregate.${alias}: the alias hides a field or a with alias of the same name; choose another`);
      aliases.push(alias);
    }
    const extra = aliases;
    if (r.when) exprNames(`${where}.when`, r.when, extra);
    exprNames(`${where}.assert`, r.assert, extra);
    for (const [k, expr] of Object.entries(r.params ?? {})) exprNames(`${where}.params.${k}`, expr, extra);
    r.fields.forEach((f) => {
      if (!props[f]) errors.push(`${where}.fields: unknown field "${f}"; name the model fields that show the message`);
    });
  });
  const states = new Set((page.states ? (props[page.states.field]?.enum ?? []) : []).map(String));
  if (page.resource?.deletableWhen) exprNames('resource.deletableWhen', page.resource.deletableWhen);
  page.actions?.forEach((a, i) => {
    if (a.when) exprNames(`actions[${i}].when`, a.when);
  });
  page.states?.deletableIn?.forEach((st) => {
    if (!states.has(st)) errors.push(`states.deletableIn: "${st}" is not a state of ${page.states!.field}`);
  });
  const scopeBy = page.resource?.scopeBy;
  if (scopeBy) {
    const f = props[scopeBy];
    if (!f) errors.push(`resource.scopeBy: unknown field "${scopeBy}"; name the field holding organisation codes, e.g. "partyCodes"`);
    else if (f.type !== 'string' && !(f.type === 'array' && (f.items?.type === 'string' || f['x-ref-multiple']))) {
      errors.push(`resource.scopeBy: "${scopeBy}" must hold organisation codes (a string, or an array of strings)`);
    }
  }
  const scopeUser = page.resource?.scopeUser;
  if (scopeUser && props[scopeUser]?.type !== 'string') {
    errors.push(
      `resource.scopeUser: "${scopeUser}" must be a string field of the model holding the addressee's username, e.g. "recipient"`,
    );
  }
  return errors;
}

/** A rule's aggregate names an existing page with a table, and fields of both pages (needs every page, so the loader runs it). */
export function aggregateErrors(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const errors: string[] = [];
  const ours = new Set([...recordFields(page), 'partyCode']);
  page.rules?.forEach((r, i) => {
    for (const [alias, a] of Object.entries(r.aggregate ?? {})) {
      const where = `rules[${i}].aggregate.${alias}`;
      const target = pages.get(a.page);
      if (!target?.resource || !target.model) {
        errors.push(`${where}.page: unknown page "${a.page}" (or one without a table)`);
        continue;
      }
      const theirs = new Set([...recordFields(target), 'partyCode']);
      if ((a.op ?? 'sum') !== 'count' && (!a.field || !['integer', 'number'].includes(target.model.properties[a.field]?.type ?? '')))
        errors.push(`${where}.field: "${a.field ?? ''}" is not a number field of ${a.page}`);
      for (const [t, o] of Object.entries(a.match ?? {})) {
        if (!theirs.has(t)) errors.push(`${where}.match: "${t}" is not a field of ${a.page}`);
        if (!ours.has(o)) errors.push(`${where}.match.${t}: "${o}" is not a field of this page`);
      }
      for (const t of Object.keys(a.where ?? {})) if (!theirs.has(t)) errors.push(`${where}.where: "${t}" is not a field of ${a.page}`);
      if (a.sameYear && !theirs.has(a.sameYear.theirs))
        errors.push(`${where}.sameYear.theirs: "${a.sameYear.theirs}" is not a field of ${a.page}`);
      if (a.sameYear && !ours.has(a.sameYear.ours)) errors.push(`${where}.sameYear.ours: "${a.sameYear.ours}" is not a field of this page`);
    }
  });
  return errors;
}

/** A chain view's steps name pages with tables, their fields, and earlier steps (needs every page, so the loader runs it). */
export function chainErrors(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const errors: string[] = [];
  const taken = new Set([...(page.relations ?? []).map((r) => r.name), ...(page.relationGroups ?? []).map((g) => g.name)]);
  const ours = new Set([...recordFields(page), 'id']);
  page.chains?.forEach((c, i) => {
    const where = `chains[${i}] ("${c.name}")`;
    if (taken.has(c.name)) errors.push(`${where}: the name is already a relation's or a group's; give the tab its own name`);
    taken.add(c.name);
    const steps = new Map<string, PageSchema>();
    c.steps.forEach((s, j) => {
      const at = `${where}.steps[${j}] ("${s.name}")`;
      const target = pages.get(s.page);
      if (!target?.resource || !target.model) {
        errors.push(`${at}.page: unknown page "${s.page}" (or one without a table)`);
        return;
      }
      const theirs = new Set([...recordFields(target), 'id']);
      if (!theirs.has(s.field)) errors.push(`${at}.field: "${s.field}" is not a field of ${s.page}`);
      if (s.amount && !['integer', 'number'].includes(target.model.properties[s.amount]?.type ?? ''))
        errors.push(`${at}.amount: "${s.amount}" is not a number field of ${s.page}`);
      const [head, tail] = s.from.includes('.') ? s.from.split('.') : [null, s.from];
      if (head === null && !ours.has(tail)) errors.push(`${at}.from: "${tail}" is not a field of this page`);
      if (head !== null && !steps.has(head)) errors.push(`${at}.from: "${head}" is not an earlier step`);
      if (head !== null && steps.has(head) && !new Set([...recordFields(steps.get(head)!), 'id']).has(tail))
        errors.push(`${at}.from: "${tail}" is not a field of step "${head}"`);
      if (steps.has(s.name)) errors.push(`${at}: the step name appears twice`);
      steps.set(s.name, target);
    });
    for (const k of ['owed', 'paid'] as const)
      if (c.open && !steps.has(c.open[k])) errors.push(`${where}.open.${k}: "${c.open[k]}" is not a step`);
  });
  return errors;
}

/** x-ref-filter keys must be fields of the referenced page (needs every page, so the loader runs it). */
export function refFilterErrors(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const errors: string[] = [];
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    const target = f['x-ref'] ? pages.get(f['x-ref']) : undefined;
    if (!target || !f['x-ref-filter']) continue;
    const theirs = new Set(recordFields(target));
    Object.keys(f['x-ref-filter']).forEach((k) => {
      if (!theirs.has(k)) errors.push(`model.${name}.x-ref-filter: "${k}" is not a field of ${target.id}`);
    });
  }
  return errors;
}
