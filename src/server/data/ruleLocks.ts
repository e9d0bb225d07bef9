import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import type { PageSchema, RuleAggregate } from '../../shared/schema/types.js';
import { ruleContext } from './ruleRefs.js';
import { checkRules } from './validateBody.js';
import { alertRefusal } from './ruleAlerts.js';
import type { Row } from './rows.js';

const CST = 8 * 3_600_000;

/**
 * The rule figures a write of this page can change: aggregates over the page's own table (what the
 * other remittances of a settlement took, a driver's income of the year). Only writers of that table
 * move them, and those writers all pass here, so they are the ones to serialise.
 */
export function ownAggregates(ctx: AppContext, page: PageSchema): [alias: string, spec: RuleAggregate][] {
  const table = page.resource?.table;
  return (page.rules ?? [])
    .flatMap((r) => Object.entries(r.aggregate ?? {}))
    .filter(([, spec]) => (ctx.schemas.pages.get(spec.page) as PageSchema | undefined)?.resource?.table === table);
}

export function hasOwnAggregates(ctx: AppContext, page: PageSchema): boolean {
  return ownAggregates(ctx, page).length > 0;
}

/**
 * The aggregate group of a record: the page, the organisation, the matched values and the year where
 * the figure is per year. `side` says which fields are read: `ours` for the record a figure is asked
 * for, `theirs` for a record counted in it (the same table, so both are fields of one record).
 */
export function aggregateGroup(spec: RuleAggregate, record: Row, side: 'ours' | 'theirs' = 'ours'): string {
  const match = Object.entries(spec.match ?? {}).map(([theirs, ours]) => String(record[side === 'ours' ? ours : theirs] ?? ''));
  const dated = spec.sameYear ? record[spec.sameYear[side]] : undefined;
  const at = spec.sameYear ? Date.parse(String(dated ?? '').replace(' ', 'T')) : Number.NaN;
  const year = Number.isNaN(at) ? '' : String(new Date(at + CST).getUTCFullYear());
  return ['rule', spec.page, String(record.partyCode ?? ''), ...match, year].join('\u0001');
}

/** One lock name per aggregate group the record falls in. */
export function lockKeys(ctx: AppContext, page: PageSchema, record: Row): string[] {
  const keys = new Set(ownAggregates(ctx, page).map(([, spec]) => aggregateGroup(spec, record)));
  // Always taken in the same order, so two writes wanting two groups cannot wait on each other.
  return [...keys].sort();
}

/** Takes the transaction-scoped lock of each named group (PostgreSQL; SQLite's one connection already serialises). */
export async function lockGroups(ctx: AppContext, trx: Db, keys: string[]): Promise<void> {
  if (ctx.database.dialect !== 'postgres') return;
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Checks the page's rules again inside the writing transaction, after taking the lock of each
 * aggregate group the record falls in, so a limit over other records (the annual income cap, what a
 * settlement still has open) cannot be passed by two writes that each read the total before the
 * other committed. PostgreSQL: a transaction-scoped advisory lock per group (released by the commit
 * or rollback), then the figures are read afresh. SQLite: the one connection runs one transaction at
 * a time, so reading inside the transaction already sees every earlier write and none can interleave.
 * A refusal here is thrown after the alert (if the rule asks for one) is sent on its own connection.
 */
export async function recheckAggregateRules(ctx: AppContext, trx: Db, page: PageSchema, record: Row): Promise<void> {
  if (!hasOwnAggregates(ctx, page)) return;
  await lockGroups(ctx, trx, lockKeys(ctx, page, record));
  const context = await ruleContext(ctx, page, record, trx);
  try {
    checkRules(page, record, context);
  } catch (err) {
    if (page.rules?.some((r) => r.alert)) alertAfter.set(err as object, () => alertRefusal(ctx, page, record, context));
    throw err;
  }
}

/**
 * Alerts of refusals found inside a transaction, sent once it has rolled back: on SQLite the alert's
 * own writes would otherwise wait for the very connection the transaction holds.
 */
const alertAfter = new WeakMap<object, () => Promise<unknown>>();

export async function sendHeldAlert(err: unknown): Promise<void> {
  const send = err && typeof err === 'object' ? alertAfter.get(err) : undefined;
  if (send) await send();
}
