import type { Rec } from './pageApi';

/** Nulls first, then by value; numbers, booleans and ISO date strings all compare by `<`. */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/**
 * The rows in the order the server gives for `sort` ("field" or "-field", then id in the same
 * direction, nulls first ascending as SQLite sorts them). Used when the list holds every matching
 * row, so a sort shows at once; the server's answer follows and wins where collations differ.
 */
export function sortRecords(rows: readonly Rec[], sort: string): Rec[] {
  const desc = sort.startsWith('-');
  const field = desc ? sort.slice(1) : sort;
  const dir = desc ? -1 : 1;
  return [...rows].sort((x, y) => dir * (compareValues(x[field], y[field]) || compareValues(x.id, y.id)));
}
