import fs from 'node:fs';
import path from 'node:path';
import type { PageSchema } from '../../shared/schema/types.js';
import { crossPageErrors, validatePageSchema } from '../../shared/schema/validate.js';
import { isTemplatePath, resolveExtends, TemplateError } from '../../shared/schema/extend.js';
import {
  applyDefaults,
  applyLibrary,
  emptyLibrary,
  FORM_SECTIONS,
  LIBRARY_FILE,
  LibraryError,
  libraryErrors,
  parseLibrary,
  type FieldLibrary,
} from '../../shared/schema/fieldLibrary.js';
import { relationErrors } from '../../shared/schema/relations.js';
import { aggregateErrors, chainErrors, effectErrors, refFilterErrors } from '../../shared/schema/keywordChecks.js';
import { dependsCrossErrors } from '../../shared/schema/refDepends.js';
import { fillCrossErrors } from '../../shared/schema/refFill.js';
import { demoRowErrors } from './demoRows.js';
import { PARTY_COLUMN, scopeErrors } from '../../shared/schema/guardRails.js';
import { CORE_TABLES } from '../db/coreTables.js';
import { eventLogErrors } from '../../shared/schema/eventLog.js';
import { pageSuggestion } from '../../shared/schema/teach.js';
import { MESSAGES_SUFFIX } from '../i18n/pageMessages.js';
import { checkMessageFiles } from '../i18n/messageChecks.js';
import { definedKeys, missingKeyErrors } from '../i18n/missingKeys.js';
import {
  JsonSyntaxError,
  parseWithPositions,
  pointerOf,
  positionOf,
  type ParsedJson,
  type PositionMap,
} from '../../shared/schema/jsonPositions.js';
import { SchemaError } from '../errors.js';
import type { SchemaSet } from '../context.js';
import { checkedPages } from './folderCache.js';

/** Page files under the folder; the menu tree (menu.json at the top), templates (`_` names) and message files are not pages. */
function walk(dir: string, top = true): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.name.startsWith('_')) return [];
    if (e.isDirectory()) return walk(full, false);
    return e.isFile() && e.name.endsWith('.json') && !e.name.endsWith(MESSAGES_SUFFIX) && !(top && e.name === 'menu.json') ? [full] : [];
  });
}

/** A template's JSON by its path under the folder (read once per load). */
function templateReader(dir: string, problems: string[]) {
  const cache = new Map<string, Record<string, unknown> | undefined>();
  return (rel: string) => {
    if (!cache.has(rel)) {
      const file = path.join(dir, `${rel}.json`);
      let json: Record<string, unknown> | undefined;
      if (isTemplatePath(rel) && fs.existsSync(file)) {
        try {
          json = parseWithPositions(fs.readFileSync(file, 'utf8')).value as Record<string, unknown>;
        } catch (err) {
          problems.push(syntaxProblem(`${rel}.json`, err));
        }
      }
      cache.set(rel, json);
    }
    return cache.get(rel);
  };
}

/** The field library (src/schemas/_fields.json), read once per check with its own problems; a file that does not read is an empty library. */
function readLibrary(dir: string, problems: string[]): FieldLibrary {
  const file = path.join(dir, LIBRARY_FILE);
  if (!fs.existsSync(file)) return emptyLibrary();
  const shown = path.relative(process.cwd(), file).startsWith('..') ? file : path.relative(process.cwd(), file);
  try {
    const parsed = parseWithPositions(fs.readFileSync(file, 'utf8'));
    const library = parseLibrary(parsed.value);
    const own = libraryErrors(library);
    problems.push(...own.map((e) => located(shown, parsed.value, parsed.positions, e)));
    // Kept as it is: a page naming a broken definition fails its own checks and is held back, the others are not.
    return library;
  } catch (err) {
    problems.push(err instanceof LibraryError ? `${shown}: ${err.message}` : syntaxProblem(shown, err));
    return emptyLibrary();
  }
}

/** The names the field library offers (fields, detail sections), for the playground's completion. */
export function libraryNames(dir: string): { fields: string[]; sections: string[] } {
  const library = readLibrary(dir, []);
  return { fields: Object.keys(library.fields), sections: [FORM_SECTIONS, ...Object.keys(library.sections)] };
}

/** A page as every reader sees it: its templates merged, the library's names resolved, the defaults filled. */
export function resolvePage(
  rel: string,
  raw: Record<string, unknown>,
  readTemplate: (rel: string) => Record<string, unknown> | undefined,
  library: FieldLibrary,
): PageSchema {
  return applyDefaults(resolveExtends(rel, raw, readTemplate, (layer) => applyLibrary(layer, library))) as unknown as PageSchema;
}

function syntaxProblem(file: string, err: unknown): string {
  if (!(err instanceof JsonSyntaxError)) throw err;
  return `${file}: not valid JSON: ${err.message} (line ${err.position.line}, column ${err.position.column})`;
}

/**
 * "file: path: message; fix (line L, column C)" for one error. The place is the message's first word (a
 * pointer or a dotted path), found in the file as written.
 */
function located(file: string, raw: unknown, positions: PositionMap | undefined, error: string): string {
  const where = /^(\S+?):? /.exec(error)?.[1] ?? '';
  const pointer = pointerOf(raw, where);
  const pos = positions ? positionOf(positions, pointer) : { line: 1, column: 1 };
  return `${file}: ${error} (line ${pos.line}, column ${pos.column})`;
}

export interface SchemaCheck extends SchemaSet {
  /** Every problem of every file, each with its file, line and column; empty when all pages are valid. */
  problems: string[];
  /** The problems by the page whose file must change (its own, or another page it breaks); the rest are templates' and message files'. */
  byPage: Map<string, string[]>;
  /** Pages whose files exist but have problems of their own: checks that follow should not blame them again. */
  failed: Set<string>;
}

export interface CheckOptions {
  /** Pages taken as they are instead of their file (null: as if the file were absent): a reload holds a broken file's page at what was applied. */
  hold?: ReadonlyMap<string, PageSchema | null>;
  /** Pages whose message keys must all be defined (in the shared locales or a message file of the folder). */
  keysOf?: (page: PageSchema) => boolean;
  /** Messages defined besides the files (a playground page's, being saved), by language. */
  messages?: Partial<Record<'zh' | 'en' | 'es' | 'ja', Record<string, string>>>;
}

/**
 * Reads and checks every page schema under the folder, collecting every problem of every file
 * rather than stopping at the first. A page's id must equal its path, so a link, a menu component
 * path and a file name can never disagree. `overrides` (page id -> JSON text) stand in for files or
 * add pages: the versions saved in the playground, or the text being previewed there.
 */
export function checkSchemas(dir: string, overrides: ReadonlyMap<string, string> = new Map(), options: CheckOptions = {}): SchemaCheck {
  const pages = new Map<string, PageSchema>();
  const problems: string[] = [];
  const byPage = new Map<string, string[]>();
  const blame = (rel: string, ...lines: string[]) => {
    problems.push(...lines);
    byPage.set(rel, [...(byPage.get(rel) ?? []), ...lines]);
  };
  const hold = options.hold ?? new Map<string, PageSchema | null>();
  const files = new Map<string, ParsedJson>();
  const shown = (rel: string) => {
    const full = path.join(dir, `${rel}.json`);
    const near = path.relative(process.cwd(), full);
    return (near.startsWith('..') ? full : near).replace(/\\/g, '/');
  };
  const locate = (rel: string, e: string) => located(shown(rel), files.get(rel)?.value, files.get(rel)?.positions, e);
  const readTemplate = templateReader(dir, problems);
  const library = readLibrary(dir, problems);
  // Pages whose files exist but fail their own checks: other pages' references to them are not reported again.
  const failed = new Set<string>();
  const rels = walk(dir).map((file) =>
    path
      .relative(dir, file)
      .replace(/\\/g, '/')
      .replace(/\.json$/, ''),
  );
  const partyTables = organisationTables(dir, rels, templateReader(dir, []));
  // Read at the first page that needs them, once: every message file in four languages per page made a reload of many changed pages slow.
  let defined: ReturnType<typeof definedKeys> | undefined;
  for (const rel of [...new Set([...rels, ...overrides.keys(), ...hold.keys()])]) {
    if (hold.has(rel)) {
      const kept = hold.get(rel);
      if (kept) pages.set(rel, kept);
      continue;
    }
    let page: PageSchema;
    try {
      const parsed = parseWithPositions(overrides.get(rel) ?? fs.readFileSync(path.join(dir, `${rel}.json`), 'utf8'));
      files.set(rel, parsed);
      page = parsed.value as PageSchema;
    } catch (err) {
      blame(rel, syntaxProblem(shown(rel), err));
      failed.add(rel);
      continue;
    }
    try {
      page = resolvePage(rel, page as unknown as Record<string, unknown>, readTemplate, library);
    } catch (err) {
      if (!(err instanceof TemplateError) && !(err instanceof LibraryError)) throw err;
      blame(rel, locate(rel, err.message));
      failed.add(rel);
      continue;
    }
    const errors = [...validatePageSchema(page), ...scopeErrors(page, partyTables)];
    if (!errors.length) errors.push(...demoRowErrors(page));
    if (page.id !== rel) errors.push(`id: "${page.id}" must equal the file path "${rel}"`);
    if (!errors.length && options.keysOf?.(page))
      errors.push(...missingKeyErrors(dir, page, (defined ??= definedKeys(dir, options.messages))));
    if (errors.length) {
      blame(rel, ...errors.map((e) => locate(rel, e)));
      failed.add(rel);
    } else pages.set(page.id, page);
  }
  for (const page of pages.values()) {
    const mine = (e: string) => {
      if (![...failed].some((id) => e.includes(`"${id}"`))) blame(page.id, locate(page.id, e));
    };
    for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
      if (f['x-ref'] && !pages.has(f['x-ref']))
        mine(`model.${name}.x-ref: field "${name}" refers to unknown page "${f['x-ref']}"; ${pageSuggestion(f['x-ref'], pages)}`);
    }
    if (page.report && !pages.has(page.report.source))
      mine(`report.source: report source "${page.report.source}" is not a page; ${pageSuggestion(page.report.source, pages)}`);
    [
      ...relationErrors(page, pages),
      ...crossPageErrors(page, pages),
      ...effectErrors(page, pages),
      ...refFilterErrors(page, pages),
      ...dependsCrossErrors(page, pages),
      ...fillCrossErrors(page, pages),
      ...aggregateErrors(page, pages),
      ...chainErrors(page, pages),
      ...eventLogErrors(page, pages),
    ].forEach(mine);
  }
  for (const [name, f] of Object.entries(library.fields)) {
    const ref = f['x-ref'];
    if (typeof ref === 'string' && !pages.has(ref) && !failed.has(ref))
      problems.push(`${shown('_fields')}: fields.${name}.x-ref: refers to unknown page "${ref}"; ${pageSuggestion(ref, pages)}`);
  }
  // Message files beside pages that failed are still checked: only those naming no file at all are reported.
  problems.push(...checkMessageFiles(dir, new Set([...pages.keys(), ...failed, ...hold.keys()])).problems);
  return { pages, problems, byPage, failed };
}

/**
 * Tables that hold organisations' rows: core tables with the organisation column, and the tables the
 * page files (the reviewed source) scope by organisation. A saved or previewed text is held to them,
 * so it cannot drop the scope its file keeps, whatever else it changes.
 */
function organisationTables(dir: string, rels: string[], readTemplate: ReturnType<typeof templateReader>): Set<string> {
  const tables = new Set(CORE_TABLES.filter((t) => t.columns.some((c) => c.name === PARTY_COLUMN)).map((t) => t.name));
  for (const rel of rels) {
    try {
      let file = JSON.parse(fs.readFileSync(path.join(dir, `${rel}.json`), 'utf8')) as PageSchema;
      if (file.extends !== undefined)
        file = resolveExtends(rel, file as unknown as Record<string, unknown>, readTemplate) as unknown as PageSchema;
      if (file.resource?.scope === 'party') tables.add(file.resource.table);
    } catch {
      // A file that does not read is reported by the checks themselves.
    }
  }
  return tables;
}

/** Page schemas that stop the start: the message lists every problem, so no stack trace is needed. */
export { SchemaError } from '../errors.js';

/** The pages under the folder; any problem stops the start-up with all problems listed. */
export function loadSchemas(dir: string): SchemaSet {
  const pages = checkedPages(dir, () => {
    const { pages, problems } = checkSchemas(dir);
    if (problems.length) throw new SchemaError(`invalid page schemas (${problems.length}):\n  ${problems.join('\n  ')}`);
    return pages;
  });
  return { pages };
}
