import type { AppContext } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { ensureTable, existingTables, type TableSnapshot } from '../db/migrate.js';
import { pageTableSpec } from '../../shared/schema/sql.js';
import { toStored } from './rows.js';
import { PLATFORM_PARTY } from '../db/seed.js';
import { resolveDemoRow } from '../../shared/schema/demoValues.js';
import { demoGeneratorFor } from '../db/demoGenerators.js';
import { computeValues } from '../../shared/schema/computed.js';
import { linkEventLogs } from './eventLog.js';
import { dynamicView } from '../db/connect.js';

/** Per server, each page's table as last prepared (its spec as JSON): a reload prepares only the tables whose spec changed. */
const prepared = new WeakMap<AppContext, Map<string, string>>();

/**
 * Tables of every page schema, created or extended at start; on a reload only those whose columns or
 * indexes changed (looking at every table again took seconds on PostgreSQL). With demo data on, a
 * table created now receives its page's demo rows, so a page added later still arrives with examples.
 */
export async function preparePageTables(ctx: AppContext, log: (msg: string) => void): Promise<string[]> {
  linkEventLogs(ctx.schemas.pages);
  const done = prepared.get(ctx) ?? prepared.set(ctx, new Map()).get(ctx)!;
  const created: PageSchema[] = [];
  let tables: TableSnapshot | undefined;
  for (const page of ctx.schemas.pages.values()) {
    const spec = pageTableSpec(page);
    const key = spec ? JSON.stringify(spec) : '';
    if (!spec || done.get(page.id) === key) continue;
    // Read once, when the first table needs preparing: a reload that changed no table reads none.
    tables ??= await existingTables(ctx.database);
    if (await ensureTable(ctx.database, spec, tables)) created.push(page);
    done.set(page.id, key);
  }
  if (!ctx.config.seedDemo) return created.map((p) => p.id);
  for (const page of created) {
    if (!page.demo?.length) continue;
    const now = new Date().toISOString();
    const rows = page.demo
      .map((demo) => resolveDemoRow(demo))
      .map((row) => ({ ...row, ...computeValues(page, row, 'stored') }))
      .map((row) => ({
        ...toStored(ctx.database, page, row),
        ...(page.resource!.scope === 'party' ? { partyCode: String(row.partyCode ?? PLATFORM_PARTY.code) } : {}),
        ...(page.states && row[page.states.field] === undefined ? { [page.states.field]: page.states.initial } : {}),
        version: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: 'system',
        updatedBy: 'system',
      }));
    await dynamicView(ctx.database.db).insertInto(page.resource!.table).values(rows).execute();
    log(`${page.id}: ${rows.length} demo rows`);
  }
  // Generators run once every table exists, so generated rows can refer to each other.
  for (const page of created) {
    const generate = demoGeneratorFor(page.id);
    if (generate) log(`${page.id}: ${await generate(ctx, page)} generated demo rows`);
  }
  return created.map((p) => p.id);
}
