import { parseExpression, type ExprNode } from './expression';
import { DATE_FUNCTION_RESULTS } from './dateFunctions';
import type { FieldSchema } from './types';

/** What an expression gives, as far as can be told without a record. */
export type Kind = 'number' | 'text' | 'date' | 'datetime' | 'boolean' | 'unknown';

export function fieldKind(f: FieldSchema | undefined): Kind {
  if (!f) return 'unknown';
  if (f.type === 'integer' || f.type === 'number') return 'number';
  if (f.type === 'boolean') return 'boolean';
  if (f.type !== 'string') return 'unknown';
  if (f.format === 'date') return 'date';
  if (f.format === 'date-time') return 'datetime';
  return f.enum ? 'unknown' : 'text';
}

/** A mistake the kinds reveal: a number added to a date (which joins them as text), dates subtracted. */
export class KindError extends Error {}

export function kindOf(node: ExprNode, fields: (name: string) => Kind): Kind {
  const k = (n: ExprNode) => kindOf(n, fields);
  switch (node.t) {
    case 'lit':
      if (typeof node.v === 'number') return 'number';
      if (typeof node.v === 'boolean') return 'boolean';
      if (typeof node.v === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(node.v) ? 'date' : 'text';
      return 'unknown';
    case 'id':
      if (node.name === '$today') return 'date';
      if (node.name === '$now') return 'datetime';
      return fields(node.name);
    case 'un':
      return node.op === '!' ? 'boolean' : 'number';
    case 'cond': {
      const [a, b] = [k(node.yes), k(node.no)];
      return a === b ? a : 'unknown';
    }
    case 'call': {
      const r = DATE_FUNCTION_RESULTS[node.name];
      if (!r) return 'number';
      if (r === 'same') return k(node.args[0]) === 'datetime' ? 'datetime' : 'date';
      return r;
    }
    case 'bin': {
      if (['===', '!==', '==', '!=', '<', '<=', '>', '>='].includes(node.op)) return 'boolean';
      if (['&&', '||', '??'].includes(node.op)) {
        const [a, b] = [k(node.l), k(node.r)];
        return a === b ? a : 'unknown';
      }
      const [a, b] = [k(node.l), k(node.r)];
      const dated = (x: Kind) => x === 'date' || x === 'datetime';
      if (node.op === '+' && (dated(a) || dated(b)) && (a === 'number' || b === 'number')) {
        throw new KindError(
          'adding a number to a date joins them as text ("2026-11-24" + 10 gives "2026-11-2410"); write addDays(date, n)',
        );
      }
      if (node.op === '-' && dated(a) && dated(b))
        throw new KindError('dates cannot be subtracted; write daysBetween(from, to) for the days between them');
      if (node.op !== '+' && (dated(a) || dated(b)))
        throw new KindError(`"${node.op}" on a date gives no number; write addDays(date, n), addMonths(date, n) or daysBetween(from, to)`);
      if (node.op === '+') return a === 'number' && b === 'number' ? 'number' : a === 'text' || b === 'text' ? 'text' : 'unknown';
      return 'number';
    }
    default:
      return 'unknown';
  }
}

const SAYS: Record<Kind, string> = {
  number: 'a number',
  text: 'a text',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date-time',
  boolean: 'true or false',
  unknown: 'a value',
};

/**
 * Why an expression's value does not fit the field that holds it, or undefined when it fits (or cannot
 * be told). A date field takes a date, a date-time field a date-time, a number field a number.
 */
export function kindMismatch(expr: string, field: FieldSchema, fields: (name: string) => Kind): string | undefined {
  let got: Kind;
  try {
    got = kindOf(parseExpression(expr), fields);
  } catch (err) {
    if (err instanceof KindError) return err.message;
    return undefined;
  }
  const want = fieldKind(field);
  if (got === 'unknown' || want === 'unknown' || got === want) return undefined;
  if (want === 'text' && got !== 'boolean') return undefined;
  const fix =
    want === 'date'
      ? '; compute a date with addDays(date, n), addMonths(date, n) or date(dateTime)'
      : want === 'datetime'
        ? '; compute a date-time with addDays(dateTime, n) or $now'
        : want === 'number' && (got === 'date' || got === 'datetime')
          ? '; daysBetween(from, to) gives the days between two dates'
          : '';
  return `gives ${SAYS[got]} but the field holds ${SAYS[want]}${fix}`;
}
