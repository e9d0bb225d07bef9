import { conflict } from '../errors.js';
import { assertWritable } from '../data/access.js';
import { audit } from '../data/audit.js';
import { afterWrite } from '../data/hooks.js';
import { selectColumns, toRecord } from '../data/rows.js';
import { encryptValues, generateFields, shownOnce } from '../data/secretValues.js';
import type { ActionHandler } from './types.js';
import { dynamicView } from '../db/connect.js';

/**
 * Replaces a record's generated secrets (x-generated, writeOnly) with new ones. The answer carries
 * the new values once; afterwards only the date they were set is shown. The audit notes the
 * rotation without the values.
 */
export const rotateSecret: ActionHandler = async (ctx, access, record) => {
  const page = access.page;
  assertWritable(page);
  const fields = Object.entries(page.model!.properties)
    .filter(([, f]) => f['x-generated'] && f.writeOnly)
    .map(([k]) => k);
  if (!fields.length) throw conflict('ops.server.actions.nothingToRotate');
  const values: Record<string, unknown> = {};
  const secrets = shownOnce(page, generateFields(page, values, fields))!;
  const now = new Date().toISOString();
  const id = Number(record!.id);
  const changes = {
    ...encryptValues(ctx, page, values),
    updatedAt: now,
    updatedBy: access.user.username,
    version: Number(record!.version) + 1,
  };
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const res = await dynamicView(trx)
      .updateTable(page.resource!.table)
      .set(changes)
      .where('id', '=', id)
      .where('version', '=', Number(record!.version))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('server.data.stale');
    const after = toRecord(
      page,
      (await dynamicView(trx)
        .selectFrom(page.resource!.table)
        .select(selectColumns(page))
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as Record<string, unknown>,
    );
    await audit(trx, access.user, page, 'action:rotateSecret', id, record, after);
    return after;
  });
  afterWrite(access);
  return { message: 'ops.server.actions.rotated', secrets, rows: [row] };
};
