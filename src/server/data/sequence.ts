import type { AppContext } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import type { Row } from './rows.js';
import { dynamicView } from '../db/connect.js';

/** Document numbers follow the China Standard Time calendar day (UTC+8, no daylight saving). */
const CST_OFFSET_MS = 8 * 3_600_000;

export function sequenceDay(now = Date.now()): string {
  return new Date(now + CST_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

/**
 * Fills empty x-sequence fields with prefix + yyyymmdd + the next daily number. The unique index
 * still guards the value: a concurrent create that took the same number makes the insert fail and
 * the caller retries with the next one.
 */
export async function fillSequences(ctx: AppContext, page: PageSchema, values: Row, attempt = 0): Promise<void> {
  for (const [name, f] of Object.entries(page.model!.properties)) {
    const seq = f['x-sequence'];
    if (!seq || (typeof values[name] === 'string' && values[name] !== '')) continue;
    const stem = `${seq.prefix}${sequenceDay()}`;
    const last = await dynamicView(ctx.database.db)
      .selectFrom(page.resource!.table)
      .select(name)
      .where(name, 'like', `${stem}%`)
      .orderBy(name, 'desc')
      .limit(1)
      .executeTakeFirst();
    const n = last ? Number(String(last[name]).slice(stem.length)) || 0 : 0;
    values[name] = `${stem}${String(n + 1 + attempt).padStart(seq.digits, '0')}`;
  }
}

export const hasSequence = (page: PageSchema) => Object.values(page.model?.properties ?? {}).some((f) => f['x-sequence']);
