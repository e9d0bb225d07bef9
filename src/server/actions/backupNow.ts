import path from 'node:path';
import { runBackups } from '../jobs/tableBackup.js';
import { selectColumns, toRecord } from '../data/rows.js';
import type { ActionHandler } from './types.js';
import { dynamicView } from '../db/connect.js';

/** List action of the table-backup configuration: backs up every active table now. */
export const backupNow: ActionHandler = async (ctx, access) => {
  const { tables, files } = await runBackups(ctx, new Date(), false);
  const page = access.page;
  const rows = tables.length
    ? (
        await dynamicView(ctx.database.db)
          .selectFrom(page.resource!.table)
          .select(selectColumns(page))
          .where('tableName', 'in', tables)
          .execute()
      ).map((r) => toRecord(page, r))
    : [];
  return {
    message: 'ops.server.actions.backedUp',
    params: { count: tables.length, files: files.map((f) => path.basename(f)).join(', ') },
    rows,
  };
};
