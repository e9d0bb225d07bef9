import type { PageSchema, Relation } from './types';
import { fieldSchema, isSortable, recordFields } from './model';
import { pageSuggestion } from './teach';

/**
 * Checks a parent page's `relations` against the pages loaded: each child must exist and refer to
 * this page through the named field. Returns errors that say what to write instead.
 */
export function relationErrors(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const errors: string[] = [];
  const names = new Set<string>();
  (page.relationGroups ?? []).forEach((g, i) => {
    if (names.has(g.name)) errors.push(`relationGroups[${i}] ("${g.name}"): the name appears twice; give each group its own name`);
    names.add(g.name);
  });
  const grouped = new Set((page.relationGroups ?? []).flatMap((g) => g.pages));
  (page.relations ?? []).forEach((r) => {
    if (grouped.has(r.page)) errors.push(`relations ("${r.name}"): "${r.page}" is also in a relation group; keep it in one of them`);
  });
  childRelations(page).forEach((r, i) => {
    const at = r.name.includes('.') ? `relationGroups ("${r.name.split('.')[0]}", page "${r.page}")` : `relations[${i}] ("${r.name}")`;
    if (!r.name.includes('.') && names.has(r.name)) errors.push(`${at}: the name appears twice; give each relation its own name`);
    names.add(r.name);
    if (!page.resource) errors.push(`${at}: a page without resource has no records to relate to`);
    const child = pages.get(r.page);
    if (!child) {
      errors.push(`${at}: page "${r.page}" does not exist; ${pageSuggestion(r.page, pages)}`);
      return;
    }
    if (!child.resource) {
      errors.push(`${at}: page "${r.page}" has no records of its own (no resource); name a page that has`);
      return;
    }
    if (!recordFields(child).includes(r.field)) {
      const refs = referringFields(child, page.id);
      errors.push(
        `${at}: "${r.page}" has no field "${r.field}"; ${refs.length ? `write ${refs.map((f) => `"${f}"`).join(' or ')}` : `add a field with "x-ref": "${page.id}" to it`}`,
      );
      return;
    }
    const f = fieldSchema(child, r.field)!;
    if (!refersTo(f['x-ref'], page, pages)) {
      const refs = referringFields(child, page.id);
      errors.push(
        `${at}: field "${r.field}" of "${r.page}" refers to ${f['x-ref'] ? `"${f['x-ref']}"` : 'no page'}, not to "${page.id}", so "${page.id}" is not its parent; ` +
          (refs.length ? `write ${refs.map((x) => `"${x}"`).join(' or ')}` : `give the field "x-ref": "${page.id}" or name another child`),
      );
    } else if (f['x-ref-multiple']) {
      errors.push(
        `${at}: field "${r.field}" of "${r.page}" holds several references; a child belongs to one parent, so name a single reference field`,
      );
    }
    if (r.onDelete === 'cascade' && (child.resource?.readOnly || child.kind === 'log')) {
      errors.push(`${at}: "${r.page}" is read-only and its records cannot be deleted with the parent; write "onDelete": "refuse"`);
    }
    errors.push(...trackErrors(r, child).map((e) => `${at}: ${e}`));
  });
  return errors;
}

/** A track view needs number coordinates and a sortable time on the child, named as they are there. */
function trackErrors(r: Relation, child: PageSchema): string[] {
  if (!r.track) return r.view === 'track' ? ['"view": "track" needs "track" with the child\'s "lng", "lat" and "time" fields'] : [];
  if (r.view !== 'track') return ['"track" is only read with "view": "track"; add it or remove "track"'];
  const errors: string[] = [];
  const fields = recordFields(child);
  const missing = (name: string) => !fields.includes(name);
  for (const key of ['lng', 'lat'] as const) {
    const name = r.track[key];
    const f = fieldSchema(child, name);
    if (missing(name)) errors.push(`track.${key}: "${r.page}" has no field "${name}"`);
    else if (f?.type !== 'number')
      errors.push(`track.${key}: field "${name}" of "${r.page}" is not a number; name the field holding degrees`);
  }
  const time = r.track.time;
  if (missing(time)) errors.push(`track.time: "${r.page}" has no field "${time}"`);
  else if (!isSortable(child, time)) {
    errors.push(`track.time: field "${time}" of "${r.page}" cannot be sorted; give it "x-index": true or list it in list.sortable`);
  }
  (r.track.tooltip ?? []).filter(missing).forEach((name) => errors.push(`track.tooltip: "${r.page}" has no field "${name}"`));
  return errors;
}

/**
 * A reference names this page, or another page over the same records (same table and key): a page
 * that shows part of a table through a fixed filter (customers among organisations) is the parent
 * of whatever refers to the table's records. The child list is still held to the parent's filter.
 */
function refersTo(ref: string | undefined, page: PageSchema, pages: Map<string, PageSchema>): boolean {
  if (!ref) return false;
  if (ref === page.id) return true;
  const target = pages.get(ref);
  return Boolean(
    target?.resource &&
      page.resource &&
      target.resource.table === page.resource.table &&
      (target.resource.key ?? 'id') === (page.resource.key ?? 'id'),
  );
}

/** Fields of a page (system fields included) whose x-ref names the given page. */
export function referringFields(page: PageSchema, target: string): string[] {
  return recordFields(page).filter((name) => fieldSchema(page, name)?.['x-ref'] === target);
}

export interface ParentLink {
  /** The parent page id. */
  page: string;
  /** The child's field holding the parent's key. */
  field: string;
  relation: Relation;
}

/**
 * A page's children one relation each: its relations, then every page of its relation groups (named
 * "<group>.<page>"), which hold to their parent and delete with it like any relation.
 */
export function childRelations(page: PageSchema): Relation[] {
  const grouped = (page.relationGroups ?? []).flatMap((g) =>
    g.pages.map(
      (id): Relation => ({
        name: `${g.name}.${id}`,
        page: id,
        field: g.field,
        ...(g.onDelete ? { onDelete: g.onDelete } : {}),
      }),
    ),
  );
  return [...(page.relations ?? []), ...grouped];
}

/** The relations that make a page a child, over every page loaded. */
export function parentsOf(pages: Iterable<PageSchema>, childId: string): ParentLink[] {
  const out: ParentLink[] = [];
  for (const p of pages) for (const r of childRelations(p)) if (r.page === childId) out.push({ page: p.id, field: r.field, relation: r });
  return out;
}
