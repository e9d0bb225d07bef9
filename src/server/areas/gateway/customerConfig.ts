import type { AppContext } from '../../context.js';
import type { ConfigRow } from '../../connectors/types.js';
import { cachedRead } from '../../services/tableCache.js';
import { dynamicView } from '../../db/connect.js';

/**
 * A customer organisation's enabled customerConfig/<service> record, or null (no page, no record,
 * or disabled): callers then keep the platform's defaults. Cached like the gateway's other settings.
 * What the records mean is in connectors/customerRules.ts.
 */
export async function customerConfig(ctx: AppContext, partyCode: string | null | undefined, service: string): Promise<ConfigRow | null> {
  if (!partyCode) return null;
  const table = ctx.schemas.pages.get(`customerConfig/${service}`)?.resource?.table;
  if (!table) return null;
  const row = await cachedRead(
    ctx.database,
    'customerConfig',
    [table],
    partyCode,
    async () =>
      (await dynamicView(ctx.database.db).selectFrom(table).selectAll().where('partyCode', '=', partyCode).executeTakeFirst()) ?? null,
  );
  return row && row.status !== 'disabled' ? (row as ConfigRow) : null;
}
