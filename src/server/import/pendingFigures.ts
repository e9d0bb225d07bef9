import type { AppContext } from '../context.js';
import type { PageSchema, RuleAggregate } from '../../shared/schema/types.js';
import type { RuleContext } from '../../shared/schema/rules.js';
import type { Row } from '../data/rows.js';
import { aggregateGroup, ownAggregates } from '../data/ruleLocks.js';

interface Figure {
  sum: number;
  count: number;
  max: number | null;
}

const flag = (v: unknown) => (typeof v === 'boolean' ? Number(v) : v);

/** Whether a record counted in the figure holds what the figure's `where` asks of it. */
function counted(spec: RuleAggregate, record: Row): boolean {
  return Object.entries(spec.where ?? {}).every(([field, want]) =>
    (Array.isArray(want) ? want : [want]).some((w) => flag(w) === flag(record[field])),
  );
}

/**
 * The rows of an import file accepted so far and not yet in the table, as they count in the page's
 * aggregate rules over its own table (what a settlement's other payments took, a driver's income of
 * the year). A rule reads its figure from the table; without these, two rows of one file could each
 * stay under a limit that together they pass, and a dry run would accept what the import refuses.
 */
export class PendingFigures {
  readonly #specs: [string, RuleAggregate][];
  readonly #groups = new Map<string, Figure>();

  constructor(ctx: AppContext, page: PageSchema) {
    this.#specs = ownAggregates(ctx, page);
  }

  get empty(): boolean {
    return this.#specs.length === 0;
  }

  /** Adds the pending rows' share to the figures read from the table for `record`. */
  addTo(record: Row, context: RuleContext | undefined): void {
    const figures = context?.aggregates;
    if (!figures) return;
    for (const [alias, spec] of this.#specs) {
      const pending = this.#groups.get(`${alias}\u0002${aggregateGroup(spec, record, 'ours')}`);
      if (!pending || !(alias in figures)) continue;
      const op = spec.op ?? 'sum';
      const stored = figures[alias];
      figures[alias] =
        op === 'count'
          ? Number(stored ?? 0) + pending.count
          : op === 'max'
            ? stored === null || stored === undefined
              ? pending.max
              : Math.max(Number(stored), pending.max ?? Number(stored))
            : Number(stored ?? 0) + pending.sum;
    }
  }

  /** Counts an accepted row, as it will be stored, in every figure it falls in. */
  add(record: Row): void {
    for (const [alias, spec] of this.#specs) {
      if (!counted(spec, record)) continue;
      const key = `${alias}\u0002${aggregateGroup(spec, record, 'theirs')}`;
      const figure = this.#groups.get(key) ?? { sum: 0, count: 0, max: null };
      const value = spec.field === undefined ? null : record[spec.field];
      const n = value === null || value === undefined || value === '' ? null : Number(value);
      figure.count += 1;
      if (n !== null && !Number.isNaN(n)) {
        figure.sum += n;
        figure.max = figure.max === null ? n : Math.max(figure.max, n);
      }
      this.#groups.set(key, figure);
    }
  }

  /** The pending rows were written: the table's figures hold them now. */
  clear(): void {
    this.#groups.clear();
  }
}
