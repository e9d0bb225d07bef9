import fs from 'node:fs';
import path from 'node:path';
import type { PageSchema } from '../../engine/schema/types.js';
import { crossPageErrors, validatePageSchema } from '../../engine/schema/validate.js';
import { effectErrors, refFilterErrors } from '../../engine/schema/keywordChecks.js';

export interface SchemaSet {
  pages: Map<string, PageSchema>;
}

/** Page files under the folder; the menu tree (menu.json at the top) is not a page. */
function walk(dir: string, top = true): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full, false);
    return e.isFile() && e.name.endsWith('.json') && !(top && e.name === 'menu.json') ? [full] : [];
  });
}

/**
 * Reads every page schema under the folder. A page's id must equal its path, so a link, a menu
 * component path and a file name can never disagree. Any invalid schema stops the start-up with
 * the file and the reason.
 */
export function loadSchemas(dir: string): SchemaSet {
  const pages = new Map<string, PageSchema>();
  const problems: string[] = [];
  for (const file of walk(dir)) {
    const rel = path.relative(dir, file).replace(/\\/g, '/').replace(/\.json$/, '');
    let page: PageSchema;
    try {
      page = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      problems.push(`${rel}.json: not valid JSON (${(err as Error).message})`);
      continue;
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
    problems.push(...[...crossPageErrors(page, pages), ...effectErrors(page, pages), ...refFilterErrors(page, pages)].map((e) => `${page.id}.json: ${e}`));
  }
  if (problems.length) throw new Error(`invalid page schemas:\n  ${problems.join('\n  ')}`);
  return { pages };
}
