import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSchemas } from './src/server/schemas/load';
import { pageI18nKeys } from './src/shared/schema/i18nKeys';
import { pageTableSpec } from './src/shared/schema/sql';
import { CORE_TABLES } from './src/server/db/coreTables';
import { IDENTIFIER } from './src/shared/schema/tableSpec';
import { isSortable, parseSort } from './src/shared/schema/model';
import { flattenMenu, readMenuFile } from './src/server/db/menuSync';
import { listMessageFiles, readMessagesFile, type MessageLanguage } from './src/server/i18n/pageMessages';
import { checkMessageFiles } from './src/server/i18n/messageChecks';
import { defaultRuleProblems } from './src/shared/schema/defaultRules';
import { unresolvedMenuEntries } from './src/server/schemas/menuChecks';

const SCHEMAS = path.resolve('src/schemas');
const LOCALES = path.resolve('src/i18n/locales');
const LANGS = ['zh', 'en', 'es', 'ja'];

function flatten(obj: Record<string, unknown>, prefix = '', out = new Map<string, unknown>()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out.set(key, v);
  }
  return out;
}

/** lang -> key -> part file (shared locale part or page message file) that defines it */
function localeIndex() {
  const index = new Map<string, Map<string, string>>();
  const dupes: string[] = [];
  for (const lang of LANGS) {
    const keys = new Map<string, string>();
    for (const file of fs.readdirSync(path.join(LOCALES, lang)).filter((f) => f.endsWith('.json'))) {
      const flat = flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lang, file), 'utf8')));
      for (const [k, v] of flat) {
        if (keys.has(k)) dupes.push(`${lang}: "${k}" in ${file} and ${keys.get(k)}`);
        if (typeof v !== 'string' || v.trim() === '') dupes.push(`${lang}/${file}: "${k}" is empty`);
        keys.set(k, file);
      }
    }
    for (const [id, file] of listMessageFiles(SCHEMAS)) {
      for (const [k, v] of Object.entries(readMessagesFile(file)[lang as MessageLanguage])) {
        if (keys.has(k)) dupes.push(`${lang}: "${k}" in ${id}.messages.json and ${keys.get(k)}`);
        if (v.trim() === '') dupes.push(`${lang}/${id}.messages.json: "${k}" is empty`);
        keys.set(k, `${id}.messages.json`);
      }
    }
    index.set(lang, keys);
  }
  return { index, dupes };
}

// Every problem of every file at once (demo rows included): one broken page must not hide the checks of the others.
const { pages, problems: schemaProblems, failed } = checkSchemas(SCHEMAS);
const menu = flattenMenu(readMenuFile(SCHEMAS));
const { index: locales, dupes } = localeIndex();

describe('page schemas', () => {
  it('are all valid against the meta-schema and refer only to existing pages', () => {
    expect(schemaProblems).toEqual([]);
    expect(pages.size).toBeGreaterThan(0);
  });

  it('name the meta-schema by its path from the file, so editors complete, explain and check them', () => {
    const wrong = [...pages.keys()].flatMap((id) => {
      const file = path.join(SCHEMAS, `${id}.json`);
      const want = path.relative(path.dirname(file), path.resolve('src/shared/schema/page.schema.json')).replace(/\\/g, '/');
      const named = (JSON.parse(fs.readFileSync(file, 'utf8')) as { $schema?: string }).$schema;
      return named === want ? [] : [`${id}: write "$schema": "${want}" (${named === undefined ? 'missing' : `was "${named}"`})`];
    });
    expect(wrong).toEqual([]);
  });

  it('list the texts of their message files that await translation (checkSchemas has checked the files)', () => {
    const { todos } = checkMessageFiles(SCHEMAS, new Set(pages.keys()));
    // Not a failure: a page may go out with a placeholder, but nobody should miss that it has one.
    if (todos.length) console.warn(`${todos.length} texts await translation (marked ⟦TODO⟧):\n  ${todos.join('\n  ')}`);
  });

  it('have every message key in all four languages', () => {
    const missing: string[] = [];
    const keys = new Set<string>([...[...pages.values()].flatMap(pageI18nKeys), ...menu.map((m) => m.menuTitle)]);
    for (const key of keys) for (const lang of LANGS) if (!locales.get(lang)!.has(key)) missing.push(`${lang}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('sort their lists by default on a field users may sort on, so the order can be reversed', () => {
    // A default sort on a field that is not a column shows no header arrow: the list's sort button
    // (SortToggle) stands for it, and reversing it asks the server for that field the other way.
    const wrong = [...pages.values()].flatMap((page) => {
      const sort = page.list?.defaultSort;
      if (!sort) return [];
      const { field } = parseSort(sort);
      return isSortable(page, field)
        ? []
        : [`${page.id}: defaultSort "${sort}" is not sortable; list "${field}" in list.sortable or index it`];
    });
    expect(wrong).toEqual([]);
  });

  it('have tables and columns with legal, unique names', () => {
    const whole = new Map<string, string>();
    const columnTypes = new Map<string, { type: string; page: string }>();
    const problems: string[] = [];
    const core = new Set(CORE_TABLES.map((t) => t.name));
    for (const page of pages.values()) {
      const spec = pageTableSpec(page);
      if (!spec) continue;
      if (!IDENTIFIER.test(spec.name)) problems.push(`${page.id}: table ${spec.name}`);
      // Pages with fixed filters are views of one shared table (one per service, say); at most one
      // page of a shared table shows it whole (organisations, of which customers are a view).
      const unfiltered = page.fixedFilter ? undefined : whole.get(spec.name);
      if (unfiltered) problems.push(`${page.id}: table ${spec.name} is also used by ${unfiltered}; give one of them a fixedFilter`);
      if (!page.fixedFilter) whole.set(spec.name, page.id);
      if (!core.has(spec.name) && spec.name.startsWith('sys_')) problems.push(`${page.id}: the sys_ prefix is reserved for core tables`);
      // Pages sharing a table must agree on each column's type.
      for (const c of spec.columns) {
        const seen = columnTypes.get(`${spec.name}.${c.name}`);
        if (seen && seen.type !== c.type)
          problems.push(`${page.id}: column ${spec.name}.${c.name} is ${c.type} here but ${seen.type} in ${seen.page}`);
        else columnTypes.set(`${spec.name}.${c.name}`, { type: c.type, page: page.id });
      }
      const names = spec.columns.map((c) => c.name);
      names.forEach((n) => {
        if (!IDENTIFIER.test(n)) problems.push(`${page.id}: column ${n}`);
      });
      const lower = names.map((n) => n.toLowerCase());
      if (new Set(lower).size !== lower.length) problems.push(`${page.id}: columns differ only in case or repeat`);
    }
    expect(problems).toEqual([]);
  });
});

describe('menu', () => {
  it('names its schema, so editors complete and check it (readMenuFile above checked it against the schema)', () => {
    const file = JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'menu.json'), 'utf8')) as { $schema?: string };
    expect(file.$schema).toBe('../shared/schema/menu.schema.json');
    expect(fs.existsSync(path.resolve(SCHEMAS, file.$schema!))).toBe(true);
  });

  it('has unique codes and every component path resolves to a schema page or a bespoke page', () => {
    const codes = menu.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    // A broken page is reported once, by the first test, not again as a missing menu target.
    expect(unresolvedMenuEntries(readMenuFile(SCHEMAS), pages, failed)).toEqual([]);
  });
});

describe('locales', () => {
  it('define each key once per language, never empty', () => {
    expect(dupes).toEqual([]);
  });

  it('have the same keys in every language', () => {
    const zh = [...locales.get('zh')!.keys()].sort();
    for (const lang of LANGS.slice(1)) {
      const other = [...locales.get(lang)!.keys()].sort();
      expect({
        lang,
        missing: zh.filter((k) => !locales.get(lang)!.has(k)),
        extra: other.filter((k) => !locales.get('zh')!.has(k)),
      }).toEqual({ lang, missing: [], extra: [] });
    }
  });
});

describe('new records', () => {
  it('start with values that pass their page’s own rules, where a rule can be decided (defaults, initial state, filled values)', () => {
    const problems = [...pages.values()].flatMap((page) => defaultRuleProblems(page, pages));
    expect(problems).toEqual([]);
  });
});
