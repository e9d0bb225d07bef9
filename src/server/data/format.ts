import type { AppContext } from '../context.js';
import { translate, type Language } from '../i18n/messages.js';
import { fieldSchema } from '../../shared/schema/model.js';
import type { FieldSchema, PageSchema } from '../../shared/schema/types.js';
import { fenToYuan } from '../../shared/number.js';
import type { Row } from './rows.js';
import { isArrayOfObjects, objectItemFields } from '../../shared/schema/keywordChecks.js';
import { regionText } from './regions.js';
import { dynamicView } from '../db/connect.js';

export const isMoney = (f: FieldSchema) => f['x-component'] === 'Money' || f['x-cell'] === 'Money';

/** Display text of a stored value for exports: labels, yuan, local times, reference labels. */
export function displayValue(
  f: FieldSchema | undefined,
  value: unknown,
  lang: Language,
  tzOffsetMinutes: number,
  refLabel: (key: unknown) => string | undefined,
): string | number | null {
  if (value === null || value === undefined || !f) return value === undefined || value === null ? null : String(value);
  const label = (v: unknown) => (f['x-enum-labels'] ? translate(lang, `${f['x-enum-labels']}.${v}`) : String(v));
  if (f['x-ref']) {
    const values = Array.isArray(value) ? value : [value];
    return values.map((v) => refLabel(v) ?? String(v)).join(', ');
  }
  if (Array.isArray(value) && isArrayOfObjects(f)) return itemsText(f, value, lang, tzOffsetMinutes);
  if (f['x-cell'] === 'Region' || f['x-component'] === 'RegionCascader') return regionText(value, lang);
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value === 'boolean') return translate(lang, value ? 'common.yes' : 'common.no');
  if (typeof value === 'number' && isMoney(f) && Number.isSafeInteger(value)) return fenToYuan(value).replace(/,/g, '');
  if (f.enum) return label(value);
  if (f.format === 'date-time' && typeof value === 'string') {
    const t = Date.parse(value);
    if (Number.isNaN(t)) return value;
    return new Date(t - tzOffsetMinutes * 60_000).toISOString().replace('T', ' ').slice(0, 19);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number;
}

/** Labels of referenced records, looked up once per batch of rows. */
export async function referenceLabels(
  ctx: AppContext,
  page: PageSchema,
  fields: string[],
  rows: Row[],
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const name of fields) {
    const f = fieldSchema(page, name);
    const target = f?.['x-ref'] ? ctx.schemas.pages.get(f['x-ref']) : undefined;
    if (!f || !target?.resource) continue;
    const key = target.resource.key ?? 'id';
    const wanted = new Set<string>();
    for (const r of rows)
      for (const v of Array.isArray(r[name]) ? (r[name] as unknown[]) : [r[name]]) if (v !== null && v !== undefined) wanted.add(String(v));
    if (!wanted.size) continue;
    const values = key === 'id' ? [...wanted].map(Number).filter(Number.isFinite) : [...wanted];
    const label = target.resource.label;
    const found = await dynamicView(ctx.database.db)
      .selectFrom(target.resource.table)
      .select([key, label])
      .where(key, 'in', values as never[])
      .execute();
    // A label two records share (two drivers of one name) is followed by the key, so an import of
    // the file finds the record it names ("周长江 [320102…]").
    const texts = [...new Set(found.map((r) => r[label]).filter((v) => v !== null && v !== undefined && String(v) !== ''))];
    const shared = new Set<string>();
    if (key !== label && texts.length) {
      const counts = await dynamicView(ctx.database.db)
        .selectFrom(target.resource.table)
        .select([label, (eb) => eb.fn.countAll().as('n')])
        .where(label, 'in', texts as never[])
        .groupBy(label)
        .execute();
      for (const c of counts) if (Number(c.n) > 1) shared.add(String(c[label]));
    }
    out.set(
      name,
      new Map(
        found.map((r) => {
          const text = String(r[label] ?? '');
          return [String(r[key]), shared.has(text) ? `${text} [${String(r[key])}]` : text];
        }),
      ),
    );
  }
  return out;
}

/** An array of objects as one readable cell: "From 0, To 1000, Unit price 0.10; From 1001, …". */
function itemsText(f: FieldSchema, items: unknown[], lang: Language, tz: number): string {
  const subs = objectItemFields(f);
  return items
    .map((item) =>
      subs
        .map(([k, sf]) => [sf, displayValue(sf, (item as Row | null)?.[k], lang, tz, () => undefined)] as const)
        .filter(([, v]) => v !== null && v !== '')
        .map(([sf, v]) => `${translate(lang, sf.title)} ${v}`)
        .join(', '),
    )
    .join('; ');
}
