import type { Db } from '../db/connect.js';
import type { PageAccess } from '../data/access.js';
import type { AppContext } from '../context.js';
import type { FieldSchema } from '../../shared/schema/types.js';
import { CellError } from './convert.js';
import { dynamicView } from '../db/connect.js';

type Resolved = { key: string | number } | { error: CellError };

/** "Label [key]", as an export writes a label two records share, names the record by its key. */
const keyIn = (v: string) => /^.+ \[([^[\]]+)\]$/.exec(v)?.[1] ?? v;

/**
 * Reference cells name a record by its key or by its label (a carrier's name rather than its
 * code). Lookups are batched per field and remembered for the rest of the file; customers resolve
 * only among their own organisation's records.
 */
export class RefResolver {
  private cache = new Map<string, Map<string, Resolved>>();

  constructor(
    private ctx: AppContext,
    private access: PageAccess,
  ) {}

  async load(db: Db, field: string, f: FieldSchema, values: Iterable<string>): Promise<void> {
    const target = this.ctx.schemas.pages.get(f['x-ref']!);
    if (!target?.resource) return;
    let known = this.cache.get(field);
    if (!known) this.cache.set(field, (known = new Map()));
    const wanted = [...new Set(values)].filter((v) => !known!.has(v));
    if (!wanted.length) return;
    const { table, label } = target.resource;
    const key = target.resource.key ?? 'id';
    const keys =
      key === 'id'
        ? wanted
            .map(keyIn)
            .map(Number)
            .filter((n) => Number.isSafeInteger(n) && n > 0)
        : wanted.map(keyIn);
    const found: Record<string, unknown>[] = [];
    for (let i = 0; i < wanted.length; i += 500) {
      const labels = wanted.slice(i, i + 500);
      const named = new Set(labels.map(keyIn));
      const keyPart = keys.filter((k) => named.has(String(k)));
      let q = dynamicView(db)
        .selectFrom(table)
        .select(key === label ? [key] : [key, label])
        .where((eb) => (keyPart.length ? eb.or([eb(key, 'in', keyPart as never[]), eb(label, 'in', labels)]) : eb(label, 'in', labels)));
      if (target.resource.scope === 'party' && this.access.user.partyKind !== 'platform')
        q = q.where('partyCode', '=', this.access.user.partyCode);
      found.push(...(await q.execute()));
    }
    // Indexed once: looking each cell up among every row found made a large file's references quadratic.
    const firstByKey = new Map<string, Record<string, unknown>>();
    const allByLabel = new Map<string, Record<string, unknown>[]>();
    for (const r of found) {
      if (!firstByKey.has(String(r[key]))) firstByKey.set(String(r[key]), r);
      const named = allByLabel.get(String(r[label]));
      if (named) named.push(r);
      else allByLabel.set(String(r[label]), [r]);
    }
    for (const v of wanted) {
      const byKey = firstByKey.get(keyIn(v));
      const byLabel = allByLabel.get(v) ?? [];
      if (byKey) known.set(v, { key: byKey[key] as string | number });
      else if (byLabel.length === 1) known.set(v, { key: byLabel[0][key] as string | number });
      else if (byLabel.length > 1)
        known.set(v, { error: new CellError('ops.server.import.ambiguousRef', { value: v.slice(0, 40), count: byLabel.length }) });
      else known.set(v, { error: new CellError('ops.server.import.refMissing', { value: v.slice(0, 40) }) });
    }
  }

  resolve(field: string, value: string): string | number {
    const hit = this.cache.get(field)?.get(value);
    if (!hit) throw new CellError('ops.server.import.refMissing', { value: value.slice(0, 40) });
    if ('error' in hit) throw hit.error;
    return hit.key;
  }
}
