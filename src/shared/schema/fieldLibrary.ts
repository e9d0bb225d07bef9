/**
 * The field library: field definitions and detail sections many pages share, written once in
 * `src/schemas/_fields.json` and named from a page:
 *
 *   "remark": { "use": "remark", "maxLength": 500 }          the library's remark, one keyword changed
 *   "detail": { "sections": ["form", "system"] }              the form's sections, then the system section
 *
 * A field's own keywords are merged over the library's (`null` removes one). A detail section written
 * as a name is the library section of that name, or, for "form", the form's sections (those written
 * in the same file; in a file that writes none, the page's merged form). A detail
 * without sections shows the form's sections. A reference field (`x-ref`) gets its input and cell
 * here when it names none, so every reader of the page (tables, validation, import, export, the
 * browser) sees the same field. Resolved when the schemas are read, before any check.
 */
import { closest } from './teach';
import { validatePageSchema } from './validate';

type Json = Record<string, unknown>;

export interface FieldLibrary {
  fields: Record<string, Json>;
  sections: Record<string, Json>;
}

export const LIBRARY_FILE = '_fields.json';
/** The detail section name that stands for the form's sections. */
export const FORM_SECTIONS = 'form';

export const emptyLibrary = (): FieldLibrary => ({ fields: {}, sections: {} });

export class LibraryError extends Error {}

const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

function unknownName(where: string, kind: string, name: unknown, known: string[]): LibraryError {
  const near = typeof name === 'string' ? closest(name, known) : undefined;
  return new LibraryError(
    `${where}: unknown ${kind} "${String(name)}" in the field library (src/schemas/${LIBRARY_FILE})` +
      `${near ? `; did you mean "${near}"?` : ''}; the ${kind}s are: ${known.join(', ') || 'none'}`,
  );
}

/** A field with its `use` replaced by the library's definition, its own keywords over it. */
function usedField(where: string, field: Json, library: FieldLibrary): Json {
  const { use, ...own } = field;
  const base = library.fields[use as string];
  if (typeof use !== 'string' || !Object.hasOwn(library.fields, use) || !isObject(base))
    throw unknownName(`${where}.use`, 'field', use, Object.keys(library.fields));
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(own)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

function resolveFields(where: string, props: unknown, library: FieldLibrary): unknown {
  if (!isObject(props)) return props;
  return Object.fromEntries(
    Object.entries(props).map(([name, f]) => {
      if (!isObject(f)) return [name, f];
      let field = 'use' in f ? usedField(`${where}.${name}`, f, library) : f;
      const items = field.items;
      if (isObject(items) && isObject(items.properties)) {
        field = {
          ...field,
          items: { ...items, properties: resolveFields(`${where}.${name}.items.properties`, items.properties, library) },
        };
      }
      return [name, field];
    }),
  );
}

/** Named detail sections other than "form" become the library's sections (so templates merge them by title). */
function resolveSections(sections: unknown, library: FieldLibrary): unknown {
  if (!Array.isArray(sections)) return sections;
  const known = [FORM_SECTIONS, ...Object.keys(library.sections)];
  return sections.map((s, i) => {
    if (typeof s !== 'string' || s === FORM_SECTIONS) return s;
    if (!Object.hasOwn(library.sections, s)) throw unknownName(`detail.sections.${i}`, 'section', s, known);
    return library.sections[s];
  });
}

/** One file's library names resolved (a page or a template it extends), before templates merge. */
export function applyLibrary(raw: Json, library: FieldLibrary): Json {
  const out: Json = { ...raw };
  if (isObject(raw.model) && raw.model.properties !== undefined) {
    out.model = { ...raw.model, properties: resolveFields('model', raw.model.properties, library) };
  }
  if (isObject(raw.detail) && raw.detail.sections !== undefined) {
    let sections = resolveSections(raw.detail.sections, library);
    // "form" is the form's sections written in the same file, so a page that extends a template adds
    // its own form sections to the template's detail as it adds them to the template's form.
    const own = isObject(raw.form) && Array.isArray(raw.form.sections) ? raw.form.sections : undefined;
    if (own && Array.isArray(sections)) sections = sections.flatMap((s) => (s === FORM_SECTIONS ? own : [s]));
    out.detail = { ...raw.detail, sections };
  }
  return out;
}

const withRefDefaults = (f: Json): Json => {
  if (typeof f['x-ref'] !== 'string') return f;
  const out = { ...f };
  if (out['x-cell'] === undefined) out['x-cell'] = 'RefLabel';
  if (out['x-component'] === undefined && out.readOnly !== true) out['x-component'] = 'RefSelect';
  return out;
};

/** What the merged page leaves to defaults: reference inputs and cells, and detail sections from the form. */
export function applyDefaults(page: Json): Json {
  const out: Json = { ...page };
  if (isObject(page.model) && isObject(page.model.properties)) {
    out.model = {
      ...page.model,
      properties: Object.fromEntries(Object.entries(page.model.properties).map(([n, f]) => [n, isObject(f) ? withRefDefaults(f) : f])),
    };
  }
  const formSections = isObject(page.form) && Array.isArray(page.form.sections) ? page.form.sections : undefined;
  const detail = isObject(page.detail) ? page.detail : undefined;
  if (detail && Array.isArray(detail.sections)) {
    if (detail.sections.includes(FORM_SECTIONS)) {
      if (!formSections)
        throw new LibraryError(
          'detail.sections: "form" names the form\'s sections, but the form has none; write the sections out or give the form "sections"',
        );
      out.detail = { ...detail, sections: detail.sections.flatMap((s) => (s === FORM_SECTIONS ? formSections : [s])) };
    }
  } else if (formSections && (detail || page.kind === 'crud')) {
    out.detail = { ...(detail ?? {}), sections: formSections };
  }
  return out;
}

/**
 * The library's own problems, so a definition no page uses yet is checked too: its fields are checked
 * as the fields of one page (keywords, components, formats, patterns), its sections as that page's
 * detail. Each problem starts with its place in the file (`fields.<name>…`, `sections`).
 */
export function libraryErrors(library: FieldLibrary): string[] {
  const names = Object.keys(library.fields);
  if (!names.length && !Object.keys(library.sections).length) return [];
  const page = {
    id: 'fieldLibrary/check',
    kind: 'crud',
    title: 'fields.name',
    resource: { table: 'field_library_check', scope: 'party', label: 'libraryCheckKey' },
    model: { type: 'object', properties: { libraryCheckKey: { type: 'string', title: 'fields.name' }, ...library.fields } },
    list: { columns: ['libraryCheckKey'] },
    ...(Object.keys(library.sections).length ? { detail: { sections: Object.values(library.sections) } } : {}),
  };
  return validatePageSchema(page).map((e) =>
    e
      .replace(/^\/model\/properties\//, '/fields/')
      .replace(/^model\./, 'fields.')
      .replace(/^\/detail\/sections\/\d+/, 'sections')
      .replace(/^detail(\.sections)?(\.\d+)?/, 'sections'),
  );
}

/** The library file's content as read, or the reason it cannot be used. */
export function parseLibrary(json: unknown): FieldLibrary {
  if (!isObject(json)) throw new LibraryError('the field library must be an object with "fields" and "sections"');
  const fields = json.fields ?? {};
  const sections = json.sections ?? {};
  if (!isObject(fields) || !isObject(sections))
    throw new LibraryError('"fields" and "sections" of the field library must be objects of names');
  return { fields: fields as Record<string, Json>, sections: sections as Record<string, Json> };
}
