import { LANGUAGES, translate, type Language } from '../i18n/messages.js';
import { editableIn } from '../../shared/schema/model.js';
import type { FieldSchema, PageSchema } from '../../shared/schema/types.js';
import type { Cell } from './xlsxReader.js';

export interface ImportColumn {
  name: string;
  field: FieldSchema;
  required: boolean;
}

/** Fields a file may fill: what a create form may set, less secrets, generated values and objects. */
export function importColumns(page: PageSchema, platformCaller: boolean): ImportColumn[] {
  const required = new Set(page.model?.required ?? []);
  const out: ImportColumn[] = [];
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    if (!editableIn(f, 'create') || f.writeOnly || f['x-generated'] || f.type === 'object') continue;
    out.push({ name, field: f, required: required.has(name) && f.default === undefined && !f['x-sequence'] });
  }
  // Platform staff import for any organisation; customers always for their own.
  if (page.resource?.scope === 'party' && platformCaller && !page.model?.properties.partyCode) {
    out.push({ name: 'partyCode', field: { type: 'string', title: 'fields.partyCode', 'x-ref': 'platformUser/partyManage' }, required: false });
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

/** Headers match a field's title in any of the four languages or its field name, ignoring case, spaces and the required mark. */
export function matchHeaders(columns: ImportColumn[], header: Cell[]): HeaderMatch {
  const names = new Map<string, ImportColumn>();
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
    if (!c) unknown.push(text);
    else if (seen.has(c.name)) duplicate.push(text);
    else seen.add(c.name);
    byIndex[i] = c && !duplicate.includes(text) ? c : null;
  });
  return { byIndex, unknown, missing: columns.filter((c) => c.required && !seen.has(c.name)), duplicate };
}

/** The template's header: translated titles, required ones marked with *. */
export const templateHeader = (columns: ImportColumn[], lang: Language) => columns.map((c) => `${translate(lang, c.field.title)}${c.required ? ' *' : ''}`);
