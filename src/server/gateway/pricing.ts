import type { AppContext } from '../context.js';
import { cachedRead } from '../services/tableCache.js';
import { invalid } from '../data/validateBody.js';
import { groupPlan } from './groupPlan.js';

/** One step of a price plan: calls fromCount..toCount of the month (toCount null: no upper end) cost unitPriceFen each. */
export interface Tier {
  fromCount: number;
  toCount: number | null;
  unitPriceFen: number;
}

export interface Product {
  unitPriceFen: number;
  online: boolean;
  perCall: boolean;
}

/**
 * Checks a plan's tiers: integers, starting at 1, contiguous, ascending, non-negative prices, only
 * the last open-ended. Returns the message key and parameters of the first problem, or null.
 */
export function tierProblem(value: unknown): { key: string; params?: Record<string, unknown> } | null {
  if (!Array.isArray(value) || value.length === 0) return { key: 'gateway.tiers.empty' };
  let expectFrom = 1;
  for (let i = 0; i < value.length; i++) {
    const t = value[i] as Record<string, unknown>;
    const row = i + 1;
    if (!t || typeof t !== 'object' || Array.isArray(t)) return { key: 'gateway.tiers.shape', params: { row } };
    const extra = Object.keys(t).filter((k) => !['fromCount', 'toCount', 'unitPriceFen'].includes(k));
    if (extra.length) return { key: 'gateway.tiers.shape', params: { row } };
    const { fromCount, toCount, unitPriceFen } = t;
    if (!Number.isInteger(fromCount) || fromCount !== expectFrom)
      return { key: 'gateway.tiers.from', params: { row, expected: expectFrom } };
    const last = i === value.length - 1;
    if (toCount === null || toCount === undefined) {
      if (!last) return { key: 'gateway.tiers.openNotLast', params: { row } };
    } else if (!Number.isInteger(toCount) || (toCount as number) < (fromCount as number)) {
      return { key: 'gateway.tiers.to', params: { row } };
    }
    if (!Number.isInteger(unitPriceFen) || (unitPriceFen as number) < 0 || (unitPriceFen as number) > 100_000_000)
      return { key: 'gateway.tiers.price', params: { row } };
    expectFrom = (toCount as number) + 1;
  }
  return null;
}

/** The cell of the sub-table each problem belongs to; a list that is empty or malformed is the field's. */
const CELL_OF: Record<string, string> = {
  'gateway.tiers.from': 'fromCount',
  'gateway.tiers.to': 'toCount',
  'gateway.tiers.openNotLast': 'toCount',
  'gateway.tiers.price': 'unitPriceFen',
};

/** Refuses a price plan write whose tiers do not make sense, at the cell of the tier (the form shows it there). */
export function assertTiers(value: unknown): void {
  const problem = tierProblem(value);
  if (!problem) return;
  const cell = CELL_OF[problem.key];
  const row = Number(problem.params?.row);
  throw invalid({ [cell && row ? `tiers.${row - 1}.${cell}` : 'tiers']: problem });
}

/** The price of the n-th call of the month under the tiers; beyond the last closed tier, its price. */
export function tierPrice(tiers: Tier[], n: number): number {
  const tier = tiers.find((t) => n >= t.fromCount && (t.toCount === null || n <= t.toCount)) ?? tiers[tiers.length - 1];
  return tier.unitPriceFen;
}

function parseTiers(v: unknown): Tier[] | null {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      return null;
    }
  }
  return tierProblem(value) ? null : (value as Tier[]);
}

/** The customer's plan for the service valid on the day (the latest valid-from wins), else its groups' default plan, or null. */
export async function activePlan(ctx: AppContext, partyCode: string, service: string, day: string): Promise<Tier[] | null> {
  if (!ctx.schemas.pages.has('customerManage/pricePlan')) return null;
  const plans = await cachedRead(ctx.database, 'pricePlans', ['cm_price_plan'], `${partyCode}|${service}`, async () => {
    const rows = await ctx.database.db
      .selectFrom('cm_price_plan')
      .select(['tiers', 'validFrom', 'validTo'])
      .where('partyCode', '=', partyCode)
      .where('service', '=', service)
      .where('status', '=', 'active')
      .execute();
    return rows
      .map((r) => ({ tiers: parseTiers(r.tiers), from: String(r.validFrom ?? ''), to: r.validTo ? String(r.validTo) : null }))
      .filter((p) => p.tiers !== null)
      .sort((a, b) => b.from.localeCompare(a.from));
  });
  return plans.find((p) => p.from <= day && (!p.to || p.to >= day))?.tiers ?? groupPlan(ctx, partyCode, service, day, parseTiers);
}

export async function productOf(ctx: AppContext, service: string, operation: string): Promise<Product | null> {
  if (!ctx.schemas.pages.has('customerManage/product')) return null;
  return cachedRead(ctx.database, 'products', ['cm_product'], `${service}|${operation}`, async () => {
    const row = await ctx.database.db
      .selectFrom('cm_product')
      .select(['unitPriceFen', 'status', 'billing'])
      .where('service', '=', service)
      .where('operation', '=', operation)
      .executeTakeFirst();
    return row
      ? { unitPriceFen: Number(row.unitPriceFen ?? 0), online: row.status !== 'offline', perCall: row.billing === 'perCall' }
      : null;
  });
}
