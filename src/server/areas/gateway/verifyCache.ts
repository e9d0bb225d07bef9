import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { CallResult, Operation } from '../../connectors/types.js';
import { customerConfig } from './customerConfig.js';

const DAY_MS = 86_400_000;

/** The subject of a check: the operation and its inputs, hashed so the cache keeps no identity data. */
function subjectOf(operation: string, params: Record<string, unknown>): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'bizNo')
    .sort();
  const text = [
    operation,
    ...keys.map(
      (k) =>
        `${k}=${String(params[k] ?? '')
          .trim()
          .toUpperCase()}`,
    ),
  ].join('\n');
  return createHash('sha256').update(text).digest('hex');
}

/**
 * customerConfig/verification's cacheDays: a repeated check of the same subject within that many
 * days answers the stored result (marked `cached`) instead of calling the provider again; the call
 * is still reserved, logged and billed as any other. Only successful answers are kept.
 */
export function withVerifyCache(ctx: AppContext, partyCode: string, service: string, operation: Operation): Operation {
  if (service !== 'verification') return operation;
  return async (input) => {
    const cfg = await customerConfig(ctx, partyCode, 'verification');
    const days = Number(cfg?.cacheDays);
    if (!cfg || !Number.isInteger(days) || days <= 0) return operation(input);
    const subject = subjectOf(input.operation, input.params);
    const db = ctx.database.db;
    const since = new Date(input.at.getTime() - days * DAY_MS).toISOString();
    const hit = await db
      .selectFrom('gw_verify_cache')
      .select(['answer', 'checkedAt'])
      .where('partyCode', '=', partyCode)
      .where('subject', '=', subject)
      .where('checkedAt', '>=', since)
      .executeTakeFirst();
    if (hit)
      return {
        ok: true,
        data: {
          ...(JSON.parse(String(hit.answer)) as Record<string, unknown>),
          cached: true,
          checkedAt: new Date(hit.checkedAt as string | Date).toISOString(),
        },
      };
    const result: CallResult = await operation(input);
    if (result.ok) {
      const iso = input.at.toISOString();
      await db
        .insertInto('gw_verify_cache')
        .values({ partyCode, subject, answer: JSON.stringify(result.data), checkedAt: iso, version: 1, createdAt: iso, updatedAt: iso })
        .onConflict((oc) =>
          oc.columns(['partyCode', 'subject']).doUpdateSet({ answer: JSON.stringify(result.data), checkedAt: iso, updatedAt: iso }),
        )
        .execute();
    }
    return result;
  };
}
