/**
 * Page templates: a page schema may name a template in `extends` and inherits its keys. Templates
 * are files (or folders) under src/schemas whose name starts with `_`; they are not pages and need
 * not be complete. A template may extend another.
 *
 * Merging, by key:
 * - top-level objects (resource, model, list, form, detail, log, fixedFilter, …) merge one level
 *   deep: the page's key replaces the template's key of the same name;
 * - model.properties merge per field, and each field per keyword, so a page can narrow one
 *   keyword (`"provider": { "enum": [...] }`) without restating the field; `null` removes a field;
 * - model.required is the union of both lists;
 * - form.sections and detail.sections merge by title: a page's section replaces the template's
 *   section of the same title, new titles are added after them;
 * - every other value (arrays included) is replaced whole.
 */
type Json = Record<string, unknown>;

export class TemplateError extends Error {}

const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** A section's identity when merging: its title, or the name it is written as ("form"). */
const sectionKey = (s: unknown) => (typeof s === 'string' ? `@${s}` : (s as Json).title);

function mergeSections(base: unknown, own: unknown): unknown {
  if (!Array.isArray(base) || !Array.isArray(own)) return own ?? base;
  const byTitle = new Map(own.map((s) => [sectionKey(s), s]));
  const merged = base.map((s) => byTitle.get(sectionKey(s)) ?? s);
  const known = new Set(base.map(sectionKey));
  return [...merged, ...own.filter((s) => !known.has(sectionKey(s)))];
}

function mergeView(base: Json, own: Json): Json {
  const out = { ...base, ...own };
  if ('sections' in own && 'sections' in base) out.sections = mergeSections(base.sections, own.sections);
  return out;
}

function mergeModel(base: Json, own: Json): Json {
  const props: Json = { ...((base.properties as Json) ?? {}) };
  for (const [name, field] of Object.entries((own.properties as Json) ?? {})) {
    if (field === null) delete props[name];
    else props[name] = isObject(props[name]) && isObject(field) ? { ...(props[name] as Json), ...field } : field;
  }
  const required = [...new Set([...((base.required as string[]) ?? []), ...((own.required as string[]) ?? [])])].filter((f) => f in props);
  return { ...base, ...own, properties: props, ...(required.length ? { required } : {}) };
}

/** One schema over its template: the template's keys, overridden by the page's. */
export function mergeTemplate(base: Json, own: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(own)) {
    const inherited = base[key];
    if (key === 'model' && isObject(inherited) && isObject(value)) out.model = mergeModel(inherited, value);
    else if ((key === 'form' || key === 'detail') && isObject(inherited) && isObject(value)) out[key] = mergeView(inherited, value);
    else if (isObject(inherited) && isObject(value) && key !== 'demo') out[key] = { ...inherited, ...value };
    else out[key] = value;
  }
  return out;
}

/** Whether a path under the schema folder names a template rather than a page. */
export const isTemplatePath = (rel: string) => rel.split('/').some((part) => part.startsWith('_'));

/**
 * The schema with every template it extends merged in. `read` returns a template's raw JSON by its
 * path, or undefined when there is none. Unknown templates and cycles throw with the chain followed.
 * `prepare` is applied to each file before the merge (the field library's names are resolved there,
 * so a page's keyword merges over the library field a template uses).
 */
export function resolveExtends(
  file: string,
  raw: Json,
  read: (rel: string) => Json | undefined,
  prepare: (layer: Json) => Json = (l) => l,
): Json {
  const chain = [file];
  const layers: Json[] = [raw];
  let next = raw.extends;
  while (next !== undefined) {
    if (typeof next !== 'string' || !isTemplatePath(next)) {
      throw new TemplateError(
        `extends: "${String(next)}" is not a template; write the path of a template under src/schemas without .json, whose file or folder name starts with "_" (e.g. "customerConfig/_base")`,
      );
    }
    if (chain.includes(next)) {
      throw new TemplateError(`extends: template cycle ${[...chain, next].join(' -> ')}; remove "extends" from one of these files`);
    }
    const base = read(next);
    if (!base) {
      throw new TemplateError(
        `extends: unknown template "${next}" (no file src/schemas/${next}.json); write the path of an existing template without .json`,
      );
    }
    chain.push(next);
    layers.push(base);
    next = base.extends;
  }
  // Outermost template first, the page last.
  return layers.reverse().reduce((acc, layer) => mergeTemplate(acc, prepare(layer)), {} as Json);
}
