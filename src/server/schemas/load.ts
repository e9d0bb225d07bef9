import fs from 'node:fs';
import path from 'node:path';
import type { PageSchema } from '../../engine/schema/types.js';
import { crossPageErrors, validatePageSchema } from '../../engine/schema/validate.js';
import { isTemplatePath, resolveExtends, TemplateError } from '../../engine/schema/extend.js';
import { relationErrors } from '../../engine/schema/relations.js';
import { effectErrors, refFilterErrors } from '../../engine/schema/keywordChecks.js';

export interface SchemaSet {
  pages: Map<string, PageSchema>;
}

/** Page files under the folder; the menu tree (menu.json at the top) and templates (`_` names) are not pages. */
function walk(dir: string, top = true): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.name.startsWith('_')) return [];
    if (e.isDirectory()) return walk(full, false);
    return e.isFile() && e.name.endsWith('.json') && !(top && e.name === 'menu.json') ? [full] : [];
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
          json = JSON.parse(fs.readFileSync(file, 'utf8'));
        } catch (err) {
          problems.push(`${rel}.json: not valid JSON (${(err as Error).message})`);
        }
      }
      cache.set(rel, json);
    }
    return cache.get(rel);
  };
}

/**
 * Reads every page schema under the folder. A page's id must equal its path, so a link, a menu
 * component path and a file name can never disagree. Any invalid schema stops the start-up with
 * the file and the reason.
 */
export function loadSchemas(dir: string): SchemaSet {
  const pages = new Map<string, PageSchema>();
  const problems: string[] = [];
  const readTemplate = templateReader(dir, problems);
  for (const file of walk(dir)) {
    const rel = path.relative(dir, file).replace(/\\/g, '/').replace(/\.json$/, '');
    let page: PageSchema;
    try {
      page = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      problems.push(`${rel}.json: not valid JSON (${(err as Error).message})`);
      continue;
    }
    if (page.extends !== undefined) {
      try {
        page = resolveExtends(rel, page as unknown as Record<string, unknown>, readTemplate) as unknown as PageSchema;
      } catch (err) {
        if (!(err instanceof TemplateError)) throw err;
        problems.push(`${rel}.json: ${err.message}`);
        continue;
      }
    }
    const errors = validatePageSchema(page);
    if (page.id !== rel) errors.push(`id "${page.id}" must equal the file path "${rel}"`);
    if (errors.length) problems.push(...errors.map((e) => `${rel}.json: ${e}`));
    else pages.set(page.id, page);
  }
  for (const page of pages.values()) {
    for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
      if (f['x-ref'] && !pages.has(f['x-ref'])) problems.push(`${page.id}.json: field "${name}" refers to unknown page "${f['x-ref']}"`);
    }
    if (page.report && !pages.has(page.report.source)) problems.push(`${page.id}.json: report source "${page.report.source}" is not a page`);
    problems.push(...relationErrors(page, pages).map((e) => `${page.id}.json: ${e}`));
    problems.push(...[...crossPageErrors(page, pages), ...effectErrors(page, pages), ...refFilterErrors(page, pages)].map((e) => `${page.id}.json: ${e}`));
  }
  if (problems.length) throw new Error(`invalid page schemas:\n  ${problems.join('\n  ')}`);
  return { pages };
}
