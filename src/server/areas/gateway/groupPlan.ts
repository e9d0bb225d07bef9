import type { AppContext } from '../../context.js';
import { cachedRead } from '../../services/tableCache.js';
import { parseJsonArray } from '../../db/json.js';
import type { Tier } from '../../data/priceTiers.js';
import { knownTable } from '../../db/knownTable.js';

interface DatedPlan {
  tiers: Tier[];
  from: string;
  to: string | null;
}

/**
 * The default plan a customer inherits from its groups (customerManage/partyGroupConfig) for a
 * service it has no plan of its own for: the active groups naming it, highest priority first,
 * whose default plan is active and prices this service; each unit price at the group's discount.
 */
export async function groupPlan(
  ctx: AppContext,
  partyCode: string,
  service: string,
  day: string,
  parse: (v: unknown) => Tier[] | null,
): Promise<Tier[] | null> {
  const groups = knownTable(ctx.schemas.pages, 'customerManage/partyGroupConfig', 'cm_party_group');
  if (!groups) return null;
  const plans = await cachedRead(ctx.database, 'groupPlans', [groups, 'cm_price_plan'], `${partyCode}|${service}`, async () => {
    const rows = await ctx.database.db
      .selectFrom(groups)
      .select(['members', 'defaultPlanId', 'discountPct', 'priority'])
      .where('status', '=', 'active')
      .where('defaultPlanId', 'is not', null)
      .execute();
    const mine = rows
      .filter((g) => parseJsonArray(g.members).includes(partyCode))
      .sort((a, b) => Number(b.priority ?? 0) - Number(a.priority ?? 0));
    const out: DatedPlan[] = [];
    for (const g of mine) {
      const plan = await ctx.database.db
        .selectFrom('cm_price_plan')
        .select(['tiers', 'validFrom', 'validTo'])
        .where('id', '=', Number(g.defaultPlanId))
        .where('service', '=', service)
        .where('status', '=', 'active')
        .executeTakeFirst();
      const tiers = plan ? parse(plan.tiers) : null;
      if (!plan || !tiers) continue;
      const pct = Number(g.discountPct ?? 100);
      out.push({
        tiers: tiers.map((t) => ({ ...t, unitPriceFen: Math.round((t.unitPriceFen * pct) / 100) })),
        from: String(plan.validFrom ?? ''),
        to: plan.validTo ? String(plan.validTo) : null,
      });
    }
    return out;
  });
  return plans.find((p) => p.from <= day && (!p.to || p.to >= day))?.tiers ?? null;
}
