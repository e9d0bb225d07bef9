import type { FieldSchema, PageSchema } from './types';

/**
 * Rules that keep a page from turning isolation or secrecy off, whoever writes the schema (a file
 * under review or the playground): administrators are trusted with pages, not with silently exposing
 * other organisations' rows, password hashes or secrets, or with props that break the page.
 */

/** The organisation column a `scope: "party"` page adds; a table holding it keeps its rows apart. */
export const PARTY_COLUMN = 'partyCode';

/**
 * Pages that read rows of every organisation on purpose (platform logs of all callers), with
 * `resource.crossOrganisation: true`. The keyword is refused on any other page.
 */
export const CROSS_ORGANISATION_PAGES: ReadonlySet<string> = new Set(['systemManage/errorLog', 'systemManage/requestLog']);

/**
 * Field names that hold a password, its hash, a token or a secret. Such a field is write-only (never
 * sent out), unless `x-not-secret: true` says the name misleads, which only the fields listed in
 * NOT_SECRET_FIELDS may say.
 */
export const SECRET_NAME = /(password|passwd|pwd|secret|token|privateKey|hash|salt|sealed)$/i;
export const NOT_SECRET_FIELDS: ReadonlySet<string> = new Set<string>([]);

export function secretFieldErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  const props = page.model?.properties ?? {};
  for (const [name, f] of Object.entries(props)) {
    const notSecret = f['x-not-secret'];
    if (notSecret !== undefined && !NOT_SECRET_FIELDS.has(`${page.id}.${name}`)) {
      errors.push(
        `model.${name}.x-not-secret: only the platform's allow-list may declare a field named like a secret readable; make the field writeOnly instead`,
      );
      continue;
    }
    if (SECRET_NAME.test(name) && !f.writeOnly && notSecret !== true) {
      errors.push(
        `model.${name}: a field named like a password, hash, token or secret must be writeOnly (stored, never shown or sent out)`,
      );
    }
    if (f['x-hash'] && SECRET_NAME.test(f['x-hash'].column) && props[f['x-hash'].column] && !props[f['x-hash'].column].writeOnly) {
      errors.push(`model.${f['x-hash'].column}: holds the hash of "${name}" and must be writeOnly`);
    }
  }
  // A write-only field is never shown; neither may it be searched, sorted, filtered or used as a label.
  const writeOnly = (n: string | undefined) => n !== undefined && props[n]?.writeOnly === true;
  const places: [string, (string | undefined)[]][] = [
    ['resource.label', [page.resource?.label]],
    ['resource.key', [page.resource?.key]],
    ['resource.search', page.resource?.search ?? []],
    ['list.filters', page.list?.filters ?? []],
    ['list.sortable', page.list?.sortable ?? []],
    ['list.defaultSort', [page.list?.defaultSort?.replace(/^-/, '')]],
  ];
  for (const [where, names] of places)
    for (const n of names)
      if (writeOnly(n)) errors.push(`${where}: "${n}" is write-only and may not be searched, sorted, filtered or shown as a label`);
  return errors;
}

/**
 * A page over a table that holds organisations' rows (a `partyCode` field, a table another page
 * scopes by organisation, or a core table with that column) keeps `scope: "party"`; dropping it would
 * show a customer every organisation's rows.
 */
export function scopeErrors(page: PageSchema, partyTables: ReadonlySet<string>): string[] {
  const r = page.resource;
  if (!r) return [];
  const cross = r.crossOrganisation;
  if (cross !== undefined && !CROSS_ORGANISATION_PAGES.has(page.id)) {
    return ['resource.crossOrganisation: only the platform\'s own logs may read every organisation\'s rows; write scope: "party"'];
  }
  if (r.scope === 'party' || cross === true) return [];
  const holdsParty = Boolean(page.model?.properties[PARTY_COLUMN]) || partyTables.has(r.table);
  return holdsParty
    ? [
        `resource.scope: the table "${r.table}" holds organisations' rows (${PARTY_COLUMN}); the page must keep scope: "party" so each customer sees only its own`,
      ]
    : [];
}

/** Props every input accepts. */
const COMMON_PROPS = [
  'placeholder',
  'allowClear',
  'disabled',
  'size',
  'maxLength',
  'showCount',
  'addonBefore',
  'addonAfter',
  'prefix',
  'suffix',
];
/** Props each input accepts beyond the common ones; an input not listed takes the common ones only. */
const COMPONENT_PROPS: Record<string, string[]> = {
  'Input.TextArea': ['autoSize', 'rows'],
  Select: ['mode', 'tokenSeparators', 'showSearch', 'maxTagCount', 'optionFilterProp'],
  NumberPicker: ['step', 'min', 'max', 'precision', 'stringMode'],
  Money: ['step', 'min', 'max', 'precision'],
  Switch: ['checkedChildren', 'unCheckedChildren'],
  DatePicker: ['showTime', 'format', 'picker'],
  'DatePicker.RangePicker': ['showTime', 'format', 'picker'],
  DateRange: ['showTime', 'format', 'picker'],
  TimePicker: ['format', 'minuteStep', 'hourStep', 'secondStep'],
  'Checkbox.Group': [],
  'Radio.Group': ['optionType', 'buttonStyle'],
  Cascader: ['changeOnSelect', 'showSearch', 'expandTrigger'],
  RegionCascader: ['changeOnSelect', 'showSearch', 'expandTrigger'],
  TreeSelect: ['treeCheckable', 'showSearch', 'treeDefaultExpandAll', 'multiple'],
  Transfer: ['showSearch', 'titles'],
  RefSelect: ['mode', 'showSearch'],
  Password: ['visibilityToggle'],
  Upload: ['accept', 'maxCount', 'multiple', 'listType'],
  JsonEditor: ['anyJson', 'height'],
  ColorPicker: ['showText', 'format'],
};
const DECORATOR_PROPS = ['tooltip', 'gridSpan', 'extra', 'colon', 'feedbackLayout', 'labelWidth', 'wrapperWidth', 'asterisk'];

/** Strings anywhere in a value that hold a `{{ }}` expression. */
function hasExpression(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('{{');
  if (Array.isArray(v)) return v.some(hasExpression);
  if (v && typeof v === 'object') return Object.values(v).some(hasExpression);
  return false;
}

function propsErrors(where: string, props: Record<string, unknown> | undefined, accepted: string[], component: string): string[] {
  const errors: string[] = [];
  for (const [k, v] of Object.entries(props ?? {})) {
    if (k === 'dangerouslySetInnerHTML')
      errors.push(`${where}.${k}: raw HTML is never passed to an input; use a richText field or plain text`);
    else if (!accepted.includes(k)) errors.push(`${where}.${k}: ${component} does not accept "${k}"; it accepts ${accepted.join(', ')}`);
    else if (hasExpression(v)) errors.push(`${where}.${k}: {{ }} expressions run only in x-reactions, not in props; give a plain value`);
  }
  return errors;
}

/** x-component-props and x-decorator-props hold only what their component accepts, as plain values. */
export function componentPropsErrors(page: PageSchema): string[] {
  const errors: string[] = [];
  const check = (where: string, f: FieldSchema) => {
    const component = f['x-component'] ?? 'the default input';
    errors.push(
      ...propsErrors(
        `${where}.x-component-props`,
        f['x-component-props'],
        [...COMMON_PROPS, ...(COMPONENT_PROPS[f['x-component'] ?? ''] ?? Object.values(COMPONENT_PROPS).flat())],
        component,
      ),
    );
    errors.push(
      ...propsErrors(
        `${where}.x-decorator-props`,
        f['x-decorator-props'] as Record<string, unknown> | undefined,
        DECORATOR_PROPS,
        'the form item',
      ),
    );
  };
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    check(`model.${name}`, f);
    for (const [sub, sf] of Object.entries(f.items?.properties ?? {})) check(`model.${name}.items.properties.${sub}`, sf);
  }
  return errors;
}
