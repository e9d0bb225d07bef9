import { evaluateExpression, holds } from './expression';

export { holds } from './expression';
import type { PageSchema, RuleViolation } from './types';

export type { RuleViolation } from './types';
import { dependencyViolations } from './refDepends';

type Row = Record<string, unknown>;

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Numbers by value; texts that are both times (dates, ISO or the form's local text) by time; other
 * texts as text. Two calendar dates may be equal: a period from one day to the same day is a day.
 */
function later(a: unknown, b: unknown, dateOnly: boolean): boolean {
  if (dateOnly && typeof a === 'string' && typeof b === 'string') return a.slice(0, 10) >= b.slice(0, 10);
  if (typeof a === 'number' && typeof b === 'number') return a > b;
  const ta = typeof a === 'string' ? Date.parse(a.replace(' ', 'T')) : Number.NaN;
  const tb = typeof b === 'string' ? Date.parse(b.replace(' ', 'T')) : Number.NaN;
  if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta > tb;
  return String(a) > String(b);
}

/** Clocks differ by a little between the browser, the server and a vehicle terminal. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** A date after today in China, or a time more than the clock slack after now. */
function inFuture(v: unknown, dateOnly: boolean, now: number): boolean {
  if (typeof v !== 'string' || !v) return false;
  if (dateOnly) return v.slice(0, 10) > chinaToday(now);
  const t = Date.parse(v.replace(' ', 'T'));
  return !Number.isNaN(t) && t > now + CLOCK_SLACK_MS;
}

/** Today in China (UTC+8), as YYYY-MM-DD: what an expiry date is compared with. */
export function chinaToday(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Referenced records a rule reads (`with`), by alias. Only the server passes them: the browser has
 * no such records, so it leaves those rules to the server's answer. A missing record (its reference
 * is refused on its own) skips the rule.
 */
export interface RuleContext {
  refs: Record<string, Row | null>;
  /** Figures over other records (`aggregate`), by alias. */
  aggregates?: Record<string, number | null>;
  today: string;
  /** The records each dependent reference (x-ref-depends) names, with their key as `$key`. */
  depends?: Record<string, Row[]>;
  /** The time "in the future" is measured from; now when absent. */
  now?: number;
}

function valueOf(expr: string, scope: Row): unknown {
  try {
    const v = evaluateExpression(expr, scope);
    return v === null || v === undefined || typeof v === 'object' ? '' : v;
  } catch {
    return '';
  }
}

/**
 * The cross-field rules a record breaks: x-after, x-required-when, dependent references (server
 * only) and the page's rules. The browser
 * runs this on the form's values and the server on the record as it would be stored, so both refuse
 * the same writes with the same messages.
 */
export function ruleViolations(page: PageSchema, record: Row, context?: RuleContext): RuleViolation[] {
  const out: RuleViolation[] = [];
  const props = page.model?.properties ?? {};
  for (const [name, f] of Object.entries(props)) {
    const v = record[name];
    const after = f['x-after'];
    if (after && !empty(v) && !empty(record[after]) && !later(v, record[after], f.format === 'date')) {
      out.push({ field: name, key: 'validation.rule.after', params: { field: f.title, other: props[after]?.title ?? after } });
    }
    if (f['x-not-future'] && inFuture(v, f.format === 'date', context?.now ?? Date.now())) {
      out.push({ field: name, key: 'validation.rule.notFuture', params: { field: f.title } });
    }
    const when = f['x-required-when'];
    if (when && empty(v) && holds(when, record))
      out.push({ field: name, key: 'validation.rule.requiredWhen', params: { field: f.title, rule: when } });
  }
  if (context?.depends) out.push(...dependencyViolations(page, record, context.depends));
  for (const rule of page.rules ?? []) {
    let scope = record;
    if (rule.with || rule.aggregate) {
      if (!context) continue;
      const refs = Object.keys(rule.with ?? {}).map((alias) => [alias, context.refs[alias]] as const);
      if (refs.some(([, r]) => !r)) continue;
      const figures = Object.keys(rule.aggregate ?? {}).map((alias) => [alias, context.aggregates?.[alias] ?? null] as const);
      scope = { ...record, ...Object.fromEntries(refs), ...Object.fromEntries(figures), $today: context.today };
    }
    if (rule.when && !holds(rule.when, scope)) continue;
    if (holds(rule.assert, scope)) continue;
    const extra = Object.fromEntries(Object.entries(rule.params ?? {}).map(([k, expr]) => [k, valueOf(expr, scope)]));
    for (const field of rule.fields)
      out.push({
        field,
        key: rule.message,
        params: { ...extra, field: props[field]?.title ?? field, rule: rule.assert },
        ...(rule.alert ? { alert: true } : {}),
      });
  }
  return out;
}
