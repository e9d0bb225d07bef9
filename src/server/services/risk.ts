import type { AppContext } from '../context.js';
import { boolParam } from '../db/connect.js';
import { cachedRead } from './tableCache.js';

/**
 * Risk rules (systemManage/riskRule) under their strategies (systemManage/riskControl), evaluated
 * where their metric is measured. A rule applies when it is active and its strategy is enabled;
 * when its metric crosses the threshold within its window, an event is recorded on
 * systemManage/riskTrigger (once per rule, subject and window), and a strategy whose handling is
 * "block" refuses the request.
 */
export interface RiskRule {
  code: string;
  name: string;
  metric: string;
  operator: 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
  threshold: number;
  windowMinutes: number;
  score: number;
  level: string;
  block: boolean;
}

export interface RiskSubject {
  type: 'party' | 'user';
  code: string;
  name: string;
}

export interface RiskVerdict {
  rule: RiskRule;
  value: number;
}

export async function activeRules(ctx: AppContext, metrics: readonly string[]): Promise<RiskRule[]> {
  if (!ctx.schemas.pages.has('systemManage/riskRule') || !ctx.schemas.pages.has('systemManage/riskControl')) return [];
  const all = await cachedRead(ctx.database, 'riskRules', ['risk_rule', 'risk_strategy'], 'all', async () => {
    const rows = await ctx.database.db
      .selectFrom('risk_rule as r')
      .innerJoin('risk_strategy as s', 's.code', 'r.strategyCode')
      .select(['r.code', 'r.name', 'r.metric', 'r.operator', 'r.threshold', 'r.windowMinutes', 'r.score', 's.level', 's.handling'])
      .where('r.status', '=', 'active')
      .where('s.status', '=', 'enabled')
      .execute();
    return rows.map(
      (r): RiskRule => ({
        code: String(r.code),
        name: String(r.name),
        metric: String(r.metric),
        operator: (r.operator ?? 'gte') as RiskRule['operator'],
        threshold: Number(r.threshold),
        windowMinutes: Math.max(1, Number(r.windowMinutes) || 1),
        score: Number(r.score ?? 50),
        level: String(r.level ?? 'medium'),
        block: r.handling === 'block',
      }),
    );
  });
  return all.filter((r) => metrics.includes(r.metric));
}

export function crosses(rule: RiskRule, value: number): boolean {
  switch (rule.operator) {
    case 'gt':
      return value > rule.threshold;
    case 'gte':
      return value >= rule.threshold;
    case 'lt':
      return value < rule.threshold;
    case 'lte':
      return value <= rule.threshold;
    default:
      return value === rule.threshold;
  }
}

// rule|subject → end of the window in which its event was recorded (per process).
const recordedBy = new WeakMap<object, Map<string, number>>();

/** Records the rule's event for the subject unless one was recorded within the rule's window. */
export async function recordRiskEvent(
  ctx: AppContext,
  rule: RiskRule,
  subject: RiskSubject,
  value: number,
  detail: string,
  at = new Date(),
): Promise<boolean> {
  let recorded = recordedBy.get(ctx.database);
  if (!recorded) recordedBy.set(ctx.database, (recorded = new Map()));
  const key = `${rule.code}|${subject.type}|${subject.code}`;
  if ((recorded.get(key) ?? 0) > at.getTime()) return false;
  recorded.set(key, at.getTime() + rule.windowMinutes * 60_000);
  if (recorded.size > 50_000) recorded.clear();
  if (!ctx.schemas.pages.has('systemManage/riskTrigger')) return false;
  const iso = at.toISOString();
  const level = ['low', 'medium', 'high'].includes(rule.level) ? rule.level : 'medium';
  await ctx.database.db
    .insertInto('risk_trigger')
    .values({
      ruleCode: rule.code,
      subjectType: subject.type,
      subjectCode: subject.code.slice(0, 64),
      subjectName: subject.name.slice(0, 60),
      score: Math.min(100, Math.max(0, Math.round(rule.score))),
      level,
      triggeredAt: iso,
      detail: `${detail} (${rule.name}: ${value} / ${rule.threshold}, ${rule.windowMinutes} min)`.slice(0, 500),
      status: 'pending',
      version: 1,
      createdAt: iso,
      updatedAt: iso,
      createdBy: 'risk',
      updatedBy: 'risk',
    })
    .execute();
  return true;
}

/**
 * Sign-in rules (metric loginFailures: failed sign-ins from the address within the window),
 * for the sign-in route to call before checking a password. Returns the blocking rule, if any.
 */
export async function evaluateSignInRisk(ctx: AppContext, ip: string, at = new Date()): Promise<RiskVerdict | null> {
  let verdict: RiskVerdict | null = null;
  for (const rule of await activeRules(ctx, ['loginFailures'])) {
    const since = new Date(at.getTime() - rule.windowMinutes * 60_000).toISOString();
    const row = await ctx.database.core
      .selectFrom('sys_login_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('success', '=', boolParam(ctx.database, false))
      .where('createdAt', '>', since)
      .executeTakeFirst();
    const value = Number(row?.n ?? 0);
    if (!crosses(rule, value)) continue;
    await recordRiskEvent(ctx, rule, { type: 'user', code: ip, name: ip }, value, 'sign-in failures from one address', at);
    if (rule.block && !verdict) verdict = { rule, value };
  }
  return verdict;
}
