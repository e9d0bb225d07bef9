import { translate, type Language } from '../i18n/messages.js';
import { displayValue, isMoney } from '../data/format.js';
import type { PageSchema } from '../../shared/schema/types.js';
import type { ImportColumn } from './columns.js';

/** An example value per column: the page's first demo record where it has one, else one of the field's type. */
export function exampleRow(page: PageSchema, columns: ImportColumn[], lang: Language): (string | number | null)[] {
  const demo = page.demo?.[0] ?? {};
  return columns.map(({ name, field: f }) => {
    const v = demo[name];
    if (v !== undefined && v !== null && !(typeof v === 'string' && v.startsWith('@'))) {
      return displayValue(f, v, lang, -480, () => undefined);
    }
    if (f.enum) return f['x-enum-labels'] ? translate(lang, `${f['x-enum-labels']}.${f.enum[0]}`) : String(f.enum[0]);
    if (f.type === 'boolean') return translate(lang, 'common.yes');
    if (f.type === 'integer' && isMoney(f)) return '100.00';
    if (f.type === 'integer' || f.type === 'number') return f.minimum ?? 1;
    if (f.format === 'date') return '2026-11-23';
    if (f.format === 'date-time') return '2026-11-23 08:30';
    return null;
  });
}
