import type { ISchema } from '@formily/json-schema';
import type { FieldSchema, PageSchema } from '../../shared/schema/types';
import { editableIn, formFields } from '../../shared/schema/model';
import { FORMAT_CHECKS } from '../../shared/validators';
import { isArrayOfObjects } from '../../shared/schema/keywordChecks';
import { subTableSchema } from './formilySubTable';
import { ruleViolations } from '../../shared/schema/rules';
import { computeValues } from '../../shared/schema/computed';
import { patternExample } from '../../shared/schema/patternExample';
import { fenToYuan } from '../../shared/number';

export type Translate = (key: string, params?: Record<string, unknown>) => string;
export type FormMode = 'create' | 'update';

/** The input a field gets when its schema names none. */
export function defaultComponent(f: FieldSchema): string {
  if (f['x-ref']) return 'RefSelect';
  if (f.enum) return 'Select';
  if (f.type === 'boolean') return 'Switch';
  if (f.type === 'integer' || f.type === 'number') return 'NumberPicker';
  if (f.format === 'date-time' || f.format === 'date') return 'DatePicker';
  if (f.type === 'object') return 'JsonEditor';
  if (f.type === 'array' && f.items?.enum) return 'Select';
  return 'Input';
}

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Length, pattern and range as Formily rules with messages that say what is expected: the limit,
 * a sample for a pattern, money limits in yuan (the field holds fen, the person types yuan).
 */
function limitRules(f: FieldSchema, t: Translate): Record<string, unknown>[] {
  const rules: Record<string, unknown>[] = [];
  const money = f['x-component'] === 'Money' || f['x-cell'] === 'Money';
  const shown = (n: number) => (money ? `¥${fenToYuan(n)}` : String(n));
  if (f.maxLength !== undefined) rules.push({ maxLength: f.maxLength, message: t('validation.rule.maxLength', { limit: f.maxLength }) });
  if (f.minLength !== undefined) rules.push({ minLength: f.minLength, message: t('validation.rule.minLength', { limit: f.minLength }) });
  if (f.minimum !== undefined) rules.push({ minimum: f.minimum, message: t('validation.rule.minimum', { limit: shown(f.minimum) }) });
  if (f.maximum !== undefined) rules.push({ maximum: f.maximum, message: t('validation.rule.maximum', { limit: shown(f.maximum) }) });
  if (f.pattern) {
    const example = patternExample(f);
    const message = f['x-pattern-message']
      ? t(f['x-pattern-message'], example ? { example } : undefined)
      : example
        ? t('validation.rule.patternExample', { example })
        : t('validation.rule.pattern');
    rules.push({ pattern: f.pattern, message });
  }
  return rules;
}

const shownMasked = (x: unknown) => typeof x === 'string' && x.includes('*');

/** A validator that lets a masked value through (a pattern rule becomes a function for that). */
function unlessMasked(v: unknown): unknown {
  if (typeof v === 'function') return (x: unknown, ...r: unknown[]) => (shownMasked(x) ? '' : (v as (...a: unknown[]) => unknown)(x, ...r));
  const rule = v as { pattern?: string; message?: string };
  if (!rule.pattern) return v;
  const re = new RegExp(rule.pattern);
  return (x: unknown) => (x === undefined || x === null || x === '' || shownMasked(x) || re.test(String(x)) ? '' : rule.message);
}

/** One model field as a Formily field schema: label and enum labels translated, our formats as validators. */
export function formilyField(page: PageSchema, name: string, f: FieldSchema, mode: FormMode, t: Translate, required: boolean): ISchema {
  if (isArrayOfObjects(f)) return subTableSchema(f, t, required, (sub, sf, r) => formilyField(page, sub, sf, mode, t, r));
  // A yes/no the user must answer is a choice of two with neither chosen, not a switch that starts at No.
  const mustChoose = f.type === 'boolean' && f['x-must-choose'] === true;
  const component = mustChoose ? 'Radio.Group' : (f['x-component'] ?? defaultComponent(f));
  const props: Record<string, unknown> = { ...(f['x-component-props'] ?? {}) };
  if (component === 'RefSelect')
    Object.assign(props, {
      refPage: f['x-ref'],
      multiple: Boolean(f['x-ref-multiple'] || f.type === 'array'),
      refFilter: f['x-ref-filter'],
      refDepends: f['x-ref-depends'],
      refFill: f['x-ref-fill'],
    });
  if (component === 'Password') Object.assign(props, { mode });
  if (component === 'DatePicker' && f.format === 'date-time') Object.assign(props, { showTime: true, format: DATE_TIME_FORMAT });
  // Free lists of values (x-component-props mode: tags) keep their mode.
  if (component === 'Select' && f.type === 'array' && !props.mode) props.mode = 'multiple';
  if ((component === 'Input' || component === 'Input.TextArea') && f.maxLength) props.maxLength = f.maxLength;
  if (component === 'Input.TextArea' && props.showCount === undefined) props.showCount = true;
  if (component === 'Select' || component === 'RefSelect') props.allowClear = !required;
  if (f['x-sequence'] && mode === 'create') props.placeholder = t('engine.form.autoNumber');
  const values = f.enum ?? f.items?.enum;
  const labels = f['x-enum-labels'];
  const validators: unknown[] = [];
  const check = f.format ? FORMAT_CHECKS[f.format] : undefined;
  if (check)
    validators.push((v: unknown) => (v === undefined || v === null || v === '' || check(v) ? '' : t(`validation.format.${f.format}`)));
  validators.push(...limitRules(f, t));
  if (hasRulesOn(page, name)) validators.push(ruleValidator(page, name, t));
  // A masked value shown in an edit form comes back unchanged; the server keeps the stored value for it.
  const checks = f['x-mask'] && mode !== 'create' ? validators.map(unlessMasked) : validators;
  const schema: ISchema = {
    type: f.type === 'integer' ? 'number' : f.type,
    title: t(f.title),
    description: f.description ? t(f.description) : undefined,
    required,
    'x-decorator': f['x-decorator'] ?? 'FormItem',
    'x-decorator-props': f['x-decorator-props'],
    'x-component': component,
    'x-component-props': props,
    'x-validator': checks.length ? checks : undefined,
    'x-reactions': f['x-reactions'] as ISchema['x-reactions'],
    'x-disabled': !editableIn(f, mode) ? true : undefined,
    enum: mustChoose
      ? [
          { value: true, label: t('common.yes') },
          { value: false, label: t('common.no') },
        ]
      : values
        ? values.map((v) => ({ value: v, label: labels ? t(`${labels}.${v}`) : String(v) }))
        : undefined,
  };
  void page;
  void name;
  return Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined)) as ISchema;
}

/**
 * A form column is never narrower than this: on a phone (below ~576 px) forms have one column, so
 * labels and inputs keep their width instead of being cut in two narrow columns.
 */
export const FORM_COLUMN_MIN_PX = 260;

export interface FormLayoutSpec {
  columns: number;
  sections: { title?: string; fields: string[] }[];
}

export function formLayout(page: PageSchema): FormLayoutSpec {
  const columns = page.form?.columns ?? 2;
  if (page.form?.sections) return { columns, sections: page.form.sections };
  return { columns, sections: [{ fields: formFields(page) }] };
}

/**
 * The Formily schema of a page's add or edit form: sections as titled grids, fields in the
 * schema's order, read-only fields left out, create-only fields disabled when editing.
 */
export function formilySchema(
  page: PageSchema,
  mode: FormMode,
  t: Translate,
  only?: { fields: Record<string, FieldSchema>; required: string[] },
): ISchema {
  const props = only?.fields ?? page.model!.properties;
  const required = new Set(only?.required ?? page.model!.required ?? []);
  const layout = only ? { columns: 1, sections: [{ fields: Object.keys(props) }] } : formLayout(page);
  const sections: Record<string, ISchema> = {};
  layout.sections.forEach((section, i) => {
    const fields: Record<string, ISchema> = {};
    for (const name of section.fields) {
      const f = props[name];
      if (!f || f.readOnly) continue;
      const isRequired = required.has(name) && !(mode === 'update' && f.writeOnly) && !(mode === 'create' && f['x-sequence']);
      const schema = formilyField(page, name, f, mode, t, isRequired);
      if (f['x-component'] === 'Input.TextArea' || f.type === 'object' || f['x-component'] === 'MenuTreePicker') {
        // Wide fields take the rest of their row (formily grid: span -1).
        schema['x-decorator-props'] = { ...(schema['x-decorator-props'] as object), gridSpan: -1 };
      }
      fields[name] = schema;
    }
    sections[`section${i}`] = {
      type: 'void',
      'x-component': 'FormSection',
      'x-component-props': { title: section.title ? t(section.title) : undefined },
      properties: {
        grid: {
          type: 'void',
          'x-component': 'FormGrid',
          'x-component-props': { maxColumns: layout.columns, minColumns: 1, columnGap: 24, minWidth: FORM_COLUMN_MIN_PX },
          properties: fields,
        },
      },
    };
  });
  return { type: 'object', properties: sections };
}

function hasRulesOn(page: PageSchema, name: string): boolean {
  const f = page.model?.properties[name];
  return Boolean(f?.['x-after'] || f?.['x-not-future'] || f?.['x-required-when'] || page.rules?.some((r) => r.fields.includes(name)));
}

/**
 * The page's cross-field rules as a Formily validator of one field: the same checks as the server's
 * (engine/schema/rules.ts), on the whole form's values, with the message of the first rule it breaks.
 */
function ruleValidator(page: PageSchema, name: string, t: Translate) {
  return (_value: unknown, _rule: unknown, ctx: { form?: { values?: Record<string, unknown> } }) => {
    // Rules may read computed figures (a margin, a final payment): the form computes them as the server will.
    const values = ctx?.form?.values ?? {};
    const stored = { ...values, ...computeValues(page, values, 'stored') };
    const record = { ...stored, ...computeValues(page, stored, 'onRead') };
    const broken = ruleViolations(page, record).find((v) => v.field === name);
    if (!broken) return '';
    const params = Object.fromEntries(
      Object.entries(broken.params).map(([k, v]) => [k, typeof v === 'string' && /^[a-z]+(\.[A-Za-z0-9_]+)+$/.test(v) ? t(v) : v]),
    );
    return t(broken.key, params);
  };
}
