import type { PageSchema, Rule } from './types';
import { expressionNames } from './expression';
import { holds, chinaToday } from './rules';
import { fillValues } from './refFill';

type Row = Record<string, unknown>;

/** Values a new record starts with: field defaults and the initial state. */
function startValues(page: PageSchema): Row {
  const out: Row = {};
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) if (f.default !== undefined) out[name] = f.default;
  if (page.states) out[page.states.field] = page.states.initial ?? page.model?.properties[page.states.field]?.enum?.[0];
  return out;
}

/** The fields of alias `a` an expression reads (`carrier.carrierType`). */
const aliasReads = (expr: string, alias: string) =>
  [...expr.matchAll(new RegExp(`\\b${alias}\\.([A-Za-z_][A-Za-z0-9_]*)`, 'g'))].map((m) => m[1]);

/**
 * The page's rules a new record breaks with the values it starts with: defaults, the initial state
 * and the values its chosen records fill (x-ref-fill). A rule is decided only where it can be: every
 * field of the record it reads has such a value, and every field of a referenced record it reads is
 * an enum, tried with each of its values (every kind of carrier). Others are left undecided.
 */
export function defaultRuleProblems(page: PageSchema, pages: Map<string, PageSchema>): string[] {
  const problems: string[] = [];
  const props = page.model?.properties ?? {};
  const start = startValues(page);
  (page.rules ?? []).forEach((rule: Rule, i) => {
    const aliases = Object.entries(rule.with ?? {});
    const exprs = [rule.when, rule.assert].filter((e): e is string => Boolean(e));
    let names: string[];
    try {
      names = exprs.flatMap((e) => expressionNames(e));
    } catch {
      return;
    }
    // Fields the chosen records fill count as known when their fill reads only what is tried.
    const samples: { scope: Row; said: string }[] = [{ scope: {}, said: '' }];
    const filled: Row[] = [];
    for (const [alias, field] of aliases) {
      const target = pages.get(props[field]?.['x-ref'] ?? '');
      const reads = [...new Set(exprs.flatMap((e) => aliasReads(e, alias)))];
      const fills = props[field]?.['x-ref-fill'] ?? {};
      const fillReadsOk = Object.values(fills).every((e) => {
        try {
          return expressionNames(e).every((n) => reads.includes(n));
        } catch {
          return false;
        }
      });
      const choices = reads.map((r) => target?.model?.properties[r]?.enum);
      if (!target || choices.some((c) => !c) || samples.length * choices.reduce((n, c) => n * c!.length, 1) > 64) return;
      const next: { scope: Row; said: string }[] = [];
      for (const s of samples) {
        let combos: Row[] = [{}];
        reads.forEach((r, k) => {
          combos = combos.flatMap((c) => choices[k]!.map((v) => ({ ...c, [r]: v })));
        });
        for (const c of combos)
          next.push({
            scope: { ...s.scope, [alias]: c, ...(fillReadsOk ? { [`$fill:${alias}`]: fillValues(fills, c) } : {}) },
            said: `${s.said}${s.said ? ', ' : ''}${Object.entries(c)
              .map(([k, v]) => `${alias}.${k} = ${String(v)}`)
              .join(', ')}`,
          });
      }
      samples.splice(0, samples.length, ...next);
      if (fillReadsOk) filled.push(...Object.keys(fills).map((k) => ({ [k]: true })));
    }
    // A rule about the referenced records alone (a cancelled waybill) does not judge starting values.
    const own = names.filter((n) => n !== '$today' && !aliases.some(([a]) => a === n));
    if (!own.length) return;
    const known = new Set([...Object.keys(start), ...filled.flatMap((f) => Object.keys(f)), ...aliases.map(([a]) => a), '$today']);
    if (names.some((n) => !known.has(n))) return;
    for (const { scope, said } of samples) {
      const fills = Object.entries(scope)
        .filter(([k]) => k.startsWith('$fill:'))
        .map(([, v]) => v as Row);
      const record = Object.assign(
        {},
        start,
        ...fills,
        Object.fromEntries(Object.entries(scope).filter(([k]) => !k.startsWith('$fill:'))),
        { $today: chinaToday() },
      );
      if (rule.when && !holds(rule.when, record)) continue;
      if (!holds(rule.assert, record))
        problems.push(`${page.id} rules[${i}] (${rule.message}) refuses a new record's starting values${said ? ` when ${said}` : ''}`);
    }
  });
  return problems;
}
