import type { FieldSchema, PageSchema } from './types';
import { fieldSchema, recordFields } from './model';

function fieldKeys(f: FieldSchema): string[] {
  const keys = [f.title];
  if (f.description) keys.push(f.description);
  if (f['x-pattern-message']) keys.push(f['x-pattern-message']);
  const labels = f['x-enum-labels'];
  const values = f.enum ?? f.items?.enum;
  if (labels && values) keys.push(...values.map((v) => `${labels}.${v}`));
  // A sub-table's columns are fields too.
  Object.values(f.items?.properties ?? {}).forEach((sub) => keys.push(...fieldKeys(sub)));
  return keys;
}

/** Every message key a page shows: the server sends these with the schema, the checks require them in all languages. */
export function pageI18nKeys(page: PageSchema): string[] {
  const keys = [page.title];
  if (page.description) keys.push(page.description);
  for (const name of recordFields(page)) {
    const f = fieldSchema(page, name);
    if (f) keys.push(...fieldKeys(f));
  }
  page.form?.sections?.forEach((s) => keys.push(s.title));
  page.detail?.sections?.forEach((s) => keys.push(s.title));
  page.states?.transitions.forEach((t) => keys.push(t.title));
  page.actions?.forEach((a) => {
    keys.push(a.title);
    if (a.confirm) keys.push(a.confirm);
    Object.values(a.fields ?? {}).forEach((f) => keys.push(...fieldKeys(f)));
  });
  page.report?.measures.forEach((m) => keys.push(m.title));
  page.relations?.forEach((r) => {
    if (r.title) keys.push(r.title);
  });
  page.chains?.forEach((c) => keys.push(c.title, ...c.steps.flatMap((s) => (s.title ? [s.title] : []))));
  page.relationGroups?.forEach((g) =>
    keys.push(
      g.title,
      ...(g.pageTitle ? [g.pageTitle] : []),
      ...(g.noneTitle ? [g.noneTitle] : []),
      ...(g.createTitle ? [g.createTitle] : []),
    ),
  );
  page.rules?.forEach((r) => keys.push(r.message));
  page.tabs?.forEach((tab) => {
    if (tab.title) keys.push(tab.title);
  });
  page.dashboard?.figures?.forEach((f) => keys.push(f.title));
  page.dashboard?.charts.forEach((c) => keys.push(c.title, ...c.measures.map((m) => m.title)));
  return Array.from(new Set(keys));
}
