import type { Kysely } from 'kysely';
import type { SessionUser } from '../context.js';
import type { PageSchema } from '../../engine/schema/types.js';
import type { Row } from './rows.js';

/** Every write leaves who, when, which page and record, and the record before and after (secrets excluded). */
export async function audit(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  user: SessionUser,
  page: PageSchema,
  action: string,
  recordId: number | null,
  before: Row | null,
  after: Row | null,
): Promise<void> {
  const now = new Date().toISOString();
  await db.insertInto('sys_audit').values({
    page: page.id, tableName: page.resource!.table, recordId, action, username: user.username, partyCode: user.partyCode,
    before: before ? JSON.stringify(before) : null, after: after ? JSON.stringify(after) : null,
    createdAt: now, updatedAt: now, createdBy: user.username, updatedBy: user.username,
  }).execute();
}
