import { areaList } from '@vant/area-data';
import type { PageSchema } from '../../shared/schema/types.js';
import type { Row } from './rows.js';
import { findRegion, regionCodes, regionName } from '../../shared/regions/index.js';

/**
 * A region field holds a chain of GB/T 2260 codes, province → city → county, six digits each
 * (['310000', '310100', '310114']); a partial chain names a province or a city. The check uses the
 * complete division list of @vant/area-data (every county, about 3,000), so the server accepts
 * exactly the real divisions, not only those the console's cascader lists.
 */
const LEVELS = [areaList.province_list, areaList.city_list, areaList.county_list] as const;

/** Region fields: arrays whose form input is the region cascader. */
const regionFields = new WeakMap<PageSchema, string[]>();
function fieldsOf(page: PageSchema): string[] {
  let list = regionFields.get(page);
  if (!list) {
    list = Object.entries(page.model?.properties ?? {}).filter(([, f]) => f.type === 'array' && f['x-component'] === 'RegionCascader').map(([k]) => k);
    regionFields.set(page, list);
  }
  return list;
}

/** Whether the codes are a real division chain: each code exists at its level and lies inside the one before. */
export function isRegionChain(codes: unknown): boolean {
  if (!Array.isArray(codes) || codes.length > 3) return false;
  return codes.every((code, level) => typeof code === 'string' && /^\d{6}$/.test(code) && code in LEVELS[level]
    && (level === 0 || code.slice(0, 2 * level) === String(codes[level - 1]).slice(0, 2 * level)));
}

export interface RegionViolation { field: string; key: string; params: Record<string, unknown> }

export function regionViolations(page: PageSchema, record: Row): RegionViolation[] {
  const out: RegionViolation[] = [];
  for (const name of fieldsOf(page)) {
    const v = record[name];
    if (v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    if (!isRegionChain(v)) {
      out.push({ field: name, key: 'server.validation.field.region', params: { field: page.model!.properties[name].title, value: Array.isArray(v) ? v.join('/').slice(0, 40) : String(v).slice(0, 40) } });
    }
  }
  return out;
}

/**
 * A region chain as the console shows it ("广东省 深圳市 南山区"; "Nanshan, Shenzhen, Guangdong"),
 * for exports. Divisions the console's own list lacks take their Chinese name from the full list.
 */
export function regionText(value: unknown, lang: string): string {
  const names: string[] = [];
  regionCodes(value).forEach((code, level) => {
    const node = findRegion(code);
    const name = node ? regionName(node, lang) : (LEVELS[level] as Record<string, string> | undefined)?.[code] ?? code;
    if (names[names.length - 1] !== name) names.push(name);
  });
  return lang.toLowerCase().startsWith('zh') ? names.join(' ') : names.reverse().join(', ');
}
