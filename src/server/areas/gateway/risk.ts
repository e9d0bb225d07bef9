import type { AppContext } from '../../context.js';
import { activeRules, crosses, recordRiskEvent, type RiskVerdict } from '../../services/risk.js';

/**
 * Gateway metrics for risk rules: calls per customer (gatewayCalls), failed or refused calls per
 * customer (gatewayFailures) and calls per caller address (gatewayIpCalls), each within the rule's
 * window. Counted in this process in buckets of 1/60 of the window: a rule is a guard against
 * abuse, where a near count is enough, and counting in the database would cost a write per rule.
 */
export const GATEWAY_METRICS = ['gatewayCalls', 'gatewayFailures', 'gatewayIpCalls'] as const;

class WindowCounter {
  readonly #buckets = new Map<string, Map<number, number>>();

  add(key: string, at: number, bucketMs: number): void {
    let b = this.#buckets.get(key);
    if (!b) this.#buckets.set(key, (b = new Map()));
    const slot = Math.floor(at / bucketMs);
    b.set(slot, (b.get(slot) ?? 0) + 1);
    if (b.size > 120) for (const s of b.keys()) if (s < slot - 61) b.delete(s);
    if (this.#buckets.size > 100_000) this.#buckets.clear();
  }

  sum(key: string, at: number, bucketMs: number, windowMs: number): number {
    const b = this.#buckets.get(key);
    if (!b) return 0;
    const from = Math.floor((at - windowMs) / bucketMs);
    let n = 0;
    for (const [slot, count] of b) if (slot > from) n += count;
    return n;
  }
}

// Per database: tests open several in one process.
const counters = new WeakMap<object, WindowCounter>();
function counterOf(ctx: AppContext): WindowCounter {
  let c = counters.get(ctx.database);
  if (!c) counters.set(ctx.database, (c = new WindowCounter()));
  return c;
}
const bucketOf = (windowMinutes: number) => Math.max(1_000, Math.floor((windowMinutes * 60_000) / 60));

export interface GatewayRiskInput {
  partyCode: string;
  partyName: string;
  ip: string;
  at: Date;
}

function keyOf(metric: string, ruleCode: string, input: GatewayRiskInput): string {
  return `${metric}|${ruleCode}|${metric === 'gatewayIpCalls' ? input.ip : input.partyCode}`;
}

/** Counts the call and evaluates the rules; returns the first blocking verdict. */
export async function evaluateGatewayRisk(ctx: AppContext, input: GatewayRiskInput): Promise<RiskVerdict | null> {
  const rules = await activeRules(ctx, GATEWAY_METRICS);
  let verdict: RiskVerdict | null = null;
  const t = input.at.getTime();
  const counter = counterOf(ctx);
  for (const rule of rules) {
    const key = keyOf(rule.metric, rule.code, input);
    const bucket = bucketOf(rule.windowMinutes);
    if (rule.metric !== 'gatewayFailures') counter.add(key, t, bucket);
    const value = counter.sum(key, t, bucket, rule.windowMinutes * 60_000);
    if (!crosses(rule, value)) continue;
    const subject =
      rule.metric === 'gatewayIpCalls'
        ? { type: 'user' as const, code: input.ip, name: input.ip }
        : { type: 'party' as const, code: input.partyCode, name: input.partyName };
    await recordRiskEvent(ctx, rule, subject, value, `gateway ${rule.metric}`, input.at);
    if (rule.block && !verdict) verdict = { rule, value };
  }
  return verdict;
}

/** Counts a failed or refused call for the gatewayFailures rules. */
export async function countGatewayFailure(ctx: AppContext, input: GatewayRiskInput): Promise<void> {
  for (const rule of await activeRules(ctx, ['gatewayFailures'])) {
    counterOf(ctx).add(keyOf(rule.metric, rule.code, input), input.at.getTime(), bucketOf(rule.windowMinutes));
  }
}
