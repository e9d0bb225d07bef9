import type { AppContext } from '../../context.js';
import { cachedRead } from '../../services/tableCache.js';
import { tierProblem, type Tier } from '../../data/priceTiers.js';
import { groupPlan } from './groupPlan.js';

export interface Product {
  unitPriceFen: number;
  online: boolean;
  perCall: boolean;
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
