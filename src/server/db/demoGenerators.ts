import type { AppContext } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';

/**
 * Generated demo rows for pages that need more than a handful of examples (thousands of orders
 * and waybills). A generator runs when its page's table is created with demo data on; it must be
 * deterministic (a fixed seed) so every new demo database looks the same.
 */
export type DemoGenerator = (ctx: AppContext, page: PageSchema) => Promise<number>;

/**
 * The generators by page id. The database layer only runs them: the areas and the demo folder
 * register theirs (`demo/index.ts`, registered by app.ts), so the database imports no business code.
 * The set is the same for every server in the process, so one registry serves them all.
 */
const generators = new Map<string, DemoGenerator>();

export function registerDemoGenerators(byPage: Record<string, DemoGenerator>): void {
  for (const [pageId, generate] of Object.entries(byPage)) generators.set(pageId, generate);
}

export function demoGeneratorFor(pageId: string): DemoGenerator | undefined {
  return generators.get(pageId);
}
