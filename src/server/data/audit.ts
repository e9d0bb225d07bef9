import type { SessionUser } from '../context.js';
import type { Db } from '../db/connect.js';
import { coreView } from '../db/connect.js';
import type { PageSchema } from '../../shared/schema/types.js';
import type { Row } from './rows.js';
import { writeEvent } from './eventLog.js';

/** Every write leaves who, when, which page and record, and the record before and after (secrets excluded). */
export async function audit(
  /** Usually the transaction of the write, so the record and its audit commit together. */
  db: Db,
  user: SessionUser,
  page: PageSchema,
  action: string,
  recordId: number | null,
  before: Row | null,
  after: Row | null,
): Promise<void> {
  const now = new Date().toISOString();
  await coreView(db)
    .insertInto('sys_audit')
    .values({
      page: page.id,
      tableName: page.resource!.table,
      recordId,
      action,
      username: user.username,
      partyCode: user.partyCode,
      before: before ? JSON.stringify(before) : null,
      after: after ? JSON.stringify(after) : null,
      createdAt: now,
      updatedAt: now,
      createdBy: user.username,
      updatedBy: user.username,
    })
    .execute();
  // A page's own event log (`events`) is written with its audit, by every write that audits.
  if (page.events && recordId !== null) await writeEvent(db, user, page, action, before, after);
}
