import { invalid } from './validateBody.js';

// A price plan's tiers are checked when a plan is written (hooks.ts) and when the gateway prices a
// call with it (areas/gateway/pricing.ts): the check lives here, below both.

/** One step of a price plan: calls fromCount..toCount of the month (toCount null: no upper end) cost unitPriceFen each. */
export interface Tier {
  fromCount: number;
  toCount: number | null;
  unitPriceFen: number;
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
