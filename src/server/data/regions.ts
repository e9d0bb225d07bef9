import type { PageSchema } from '../../shared/schema/types.js';
import type { Row } from './rows.js';
import { findRegion, isRegionChain, reachesLevel, regionCodes, regionName } from '../../shared/regions/index.js';

export { isRegionChain };

/**
 * A region field holds a chain of GB/T 2260 codes, province → city → county, six digits each
 * (['310000', '310100', '310114']). The check uses the same complete division list as the
 * console's picker (`shared/regions`, every county of `@vant/area-data`); a field with
 * `x-region-level: "county"` must go down to the county, as a ministry upload needs.
 */

/** Region fields: arrays whose form input is the region cascader. */
const regionFields = new WeakMap<PageSchema, string[]>();
function fieldsOf(page: PageSchema): string[] {
  let list = regionFields.get(page);
  if (!list) {
    list = Object.entries(page.model?.properties ?? {})
      .filter(([, f]) => f.type === 'array' && f['x-component'] === 'RegionCascader')
      .map(([k]) => k);
    regionFields.set(page, list);
  }
  return list;
}

export interface RegionViolation {
  field: string;
  key: string;
  params: Record<string, unknown>;
}

export function regionViolations(page: PageSchema, record: Row): RegionViolation[] {
  const out: RegionViolation[] = [];
  for (const name of fieldsOf(page)) {
    const v = record[name];
    if (v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    const f = page.model!.properties[name];
    const params = { field: f.title, value: Array.isArray(v) ? v.join('/').slice(0, 40) : String(v).slice(0, 40) };
    if (!isRegionChain(v)) out.push({ field: name, key: 'server.validation.field.region', params });
    else if (f['x-region-level'] && !reachesLevel(v, f['x-region-level']))
      out.push({ field: name, key: 'server.validation.field.regionLevel', params });
  }
  return out;
}

/** A region chain as the console shows it ("广东省 深圳市 南山区"; "Nanshan, Shenzhen, Guangdong"), for exports. */
export function regionText(value: unknown, lang: string): string {
  const names: string[] = [];
  for (const code of regionCodes(value)) {
    const node = findRegion(code);
    const name = node ? regionName(node, lang) : code;
    if (names[names.length - 1] !== name) names.push(name);
  }
  return lang.toLowerCase().startsWith('zh') ? names.join(' ') : names.reverse().join(', ');
}
