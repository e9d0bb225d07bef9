import { LANGUAGES, translate, type Language } from '../i18n/messages.js';
import { editableIn, fieldSchema, readableFields } from '../../shared/schema/model.js';
import { isArrayOfObjects } from '../../shared/schema/keywordChecks.js';
import type { FieldSchema, PageSchema } from '../../shared/schema/types.js';
import type { Cell } from './xlsxReader.js';

export interface ImportColumn {
  name: string;
  field: FieldSchema;
  required: boolean;
}

/** Whether records of the page can be imported from a file (its list offers "import"). */
export const importable = (page: PageSchema) =>
  page.kind === 'crud' && Boolean(page.list?.actions?.includes('import')) && !page.resource?.readOnly;

/**
 * Fields a create needs that no cell can give: a password or secret (never written to a file) or a
 * structured value. A page with any of them cannot offer import.
 */
export function importBlockers(page: PageSchema): string[] {
  const required = new Set(page.model?.required ?? []);
  const cells = new Set(importColumns(page, true).map((c) => c.name));
  return Object.entries(page.model?.properties ?? {})
    .filter(
      ([name, f]) =>
        (required.has(name) || f['x-required-when']) &&
        !cells.has(name) &&
        editableIn(f, 'create') &&
        f.default === undefined &&
        !f['x-sequence'] &&
        !f['x-generated'],
    )
    .map(([name]) => name);
}

/** Fields a file may fill: what a create form may set, less secrets, generated values and objects. */
export function importColumns(page: PageSchema, platformCaller: boolean): ImportColumn[] {
  const required = new Set(page.model?.required ?? []);
  const out: ImportColumn[] = [];
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    if (!editableIn(f, 'create') || f.writeOnly || f['x-generated'] || f.type === 'object' || isArrayOfObjects(f)) continue;
    out.push({ name, field: f, required: required.has(name) && f.default === undefined && !f['x-sequence'] });
  }
  // Platform staff import for any organisation; customers always for their own.
  if (page.resource?.scope === 'party' && platformCaller && !page.model?.properties.partyCode) {
    out.push({
      name: 'partyCode',
      field: { type: 'string', title: 'fields.partyCode', 'x-ref': 'platformUser/partyManage' },
      required: false,
    });
  }
  return out;
}

const normal = (s: string) => s.replace(/[*＊]/g, '').replace(/\s+/g, '').toLowerCase();

export interface HeaderMatch {
  /** Column index → import column. */
  byIndex: (ImportColumn | null)[];
  unknown: string[];
  missing: ImportColumn[];
  duplicate: string[];
}

/**
 * The page's other readable fields, which an export writes beside the template's columns (state,
 * computed figures, times): an import passes over them rather than refusing the file.
 */
export function passedOver(page: PageSchema, columns: ImportColumn[]): ImportColumn[] {
  const mine = new Set(columns.map((c) => c.name));
  return readableFields(page)
    .filter((n) => !mine.has(n))
    .map((name) => ({ name, field: fieldSchema(page, name)!, required: false }));
}

/**
 * Header texts that would name two columns of the page: a field's title in any language (or its
 * name) equal, once normalised, to another's. Such a header is read as a duplicate column, so the
 * page's own export could not be imported back.
 */
export function headerClashes(page: PageSchema, platformCaller: boolean): string[] {
  const columns = importColumns(page, platformCaller);
  const owner = new Map<string, string>();
  const clashes = new Set<string>();
  for (const c of [...columns, ...passedOver(page, columns)]) {
    const texts = new Set([c.name, ...LANGUAGES.map((lang) => translate(lang, c.field.title))].map(normal));
    for (const text of texts) {
      const other = owner.get(text);
      if (other !== undefined && other !== c.name) clashes.add(`"${text}": ${other} / ${c.name}`);
      owner.set(text, c.name);
    }
  }
  return [...clashes];
}

/** Headers match a field's title in any of the four languages or its field name, ignoring case, spaces and the required mark. */
export function matchHeaders(columns: ImportColumn[], header: Cell[], passOver: ImportColumn[] = []): HeaderMatch {
  const names = new Map<string, ImportColumn>();
  const ignored = new Set<string>();
  for (const c of passOver) {
    ignored.add(normal(c.name));
    for (const lang of LANGUAGES) ignored.add(normal(translate(lang, c.field.title)));
  }
  for (const c of columns) {
    names.set(normal(c.name), c);
    for (const lang of LANGUAGES) names.set(normal(translate(lang, c.field.title)), c);
  }
  const byIndex: (ImportColumn | null)[] = [];
  const unknown: string[] = [];
  const duplicate: string[] = [];
  const seen = new Set<string>();
  header.forEach((h, i) => {
    const text = h === null ? '' : String(h).trim();
    if (!text) {
      byIndex[i] = null;
      return;
    }
    const c = names.get(normal(text)) ?? null;
    if (!c && ignored.has(normal(text))) {
      byIndex[i] = null;
      return;
    }
    if (!c) unknown.push(text);
    else if (seen.has(c.name)) duplicate.push(text);
    else seen.add(c.name);
    byIndex[i] = c && !duplicate.includes(text) ? c : null;
  });
  return { byIndex, unknown, missing: columns.filter((c) => c.required && !seen.has(c.name)), duplicate };
}

/** The template's header: translated titles, required ones marked with *. */
export const templateHeader = (columns: ImportColumn[], lang: Language) =>
  columns.map((c) => `${translate(lang, c.field.title)}${c.required ? ' *' : ''}`);
