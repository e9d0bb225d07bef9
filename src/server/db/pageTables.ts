import type { AppContext } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { ensureTable, existingTables } from './migrate.js';
import { pageTableSpec } from '../../shared/schema/sql.js';
import { toStored } from '../data/rows.js';
import { PLATFORM_PARTY } from './seed.js';
import { resolveDemoRow } from '../../shared/schema/demoValues.js';
import { demoGenerators } from './demo/index.js';
import { computeValues } from '../../shared/schema/computed.js';

/**
 * Tables of every page schema, created or extended at start. With demo data on, a table created
 * now receives its page's demo rows, so a page added later still arrives with examples.
 */
export async function preparePageTables(ctx: AppContext, log: (msg: string) => void): Promise<string[]> {
  const created: PageSchema[] = [];
  const tables = await existingTables(ctx.database);
  for (const page of ctx.schemas.pages.values()) {
    const spec = pageTableSpec(page);
    if (spec && (await ensureTable(ctx.database, spec, tables))) created.push(page);
  }
  if (!ctx.config.seedDemo) return created.map((p) => p.id);
  for (const page of created) {
    if (!page.demo?.length) continue;
    const now = new Date().toISOString();
    const rows = page.demo.map((demo) => resolveDemoRow(demo)).map((row) => ({ ...row, ...computeValues(page, row, 'stored') })).map((row) => ({
      ...toStored(ctx.database, page, row),
      ...(page.resource!.scope === 'party' ? { partyCode: String(row.partyCode ?? PLATFORM_PARTY.code) } : {}),
      ...(page.states && row[page.states.field] === undefined ? { [page.states.field]: page.states.initial } : {}),
      version: 1, createdAt: now, updatedAt: now, createdBy: 'system', updatedBy: 'system',
    }));
    await ctx.database.db.insertInto(page.resource!.table).values(rows).execute();
    log(`${page.id}: ${rows.length} demo rows`);
  }
  // Generators run once every table exists, so generated rows can refer to each other.
  for (const page of created) {
    const generate = demoGenerators[page.id];
    if (generate) log(`${page.id}: ${await generate(ctx, page)} generated demo rows`);
  }
  return created.map((p) => p.id);
}
