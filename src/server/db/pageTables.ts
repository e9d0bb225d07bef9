import type { AppContext } from '../context.js';
import { ensureTable } from './migrate.js';
import { pageTableSpec } from '../../engine/schema/sql.js';
import { toStored } from '../data/rows.js';
import { PLATFORM_PARTY } from './seed.js';
import { resolveDemoRow } from '../../engine/schema/demoValues.js';

/**
 * Tables of every page schema, created or extended at start. With demo data on, a table created
 * now receives its page's demo rows, so a page added later still arrives with examples.
 */
export async function preparePageTables(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  for (const page of ctx.schemas.pages.values()) {
    const spec = pageTableSpec(page);
    if (!spec) continue;
    const created = await ensureTable(ctx.database, spec);
    if (!created || !ctx.config.seedDemo || !page.demo?.length) continue;
    const now = new Date().toISOString();
    const rows = page.demo.map((demo) => resolveDemoRow(demo)).map((row) => ({
      ...toStored(ctx.database, page, row),
      ...(page.resource!.scope === 'party' ? { partyCode: String(row.partyCode ?? PLATFORM_PARTY.code) } : {}),
      ...(page.states && row[page.states.field] === undefined ? { [page.states.field]: page.states.initial } : {}),
      version: 1, createdAt: now, updatedAt: now, createdBy: 'system', updatedBy: 'system',
    }));
    await ctx.database.db.insertInto(spec.name).values(rows).execute();
    log(`${page.id}: ${rows.length} demo rows`);
  }
}
