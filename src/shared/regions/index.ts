import { areaList } from '@vant/area-data';
import { ENGLISH_NAMES, type RegionTuple } from './data';

export type { RegionTuple };

export interface RegionNode {
  code: string;
  zh: string;
  en: string;
  children?: RegionNode[];
}

/** Region names are Chinese in Chinese and pinyin in the other languages. */
export const regionName = (node: Pick<RegionNode, 'zh' | 'en'>, lang: string | undefined): string =>
  lang?.toLowerCase().startsWith('zh') ? node.zh : node.en;

const english = new Map<string, string>();
(function collect(tuples: readonly RegionTuple[]) {
  for (const [code, , en, children] of tuples) {
    english.set(code, en);
    if (children) collect(children);
  }
})(ENGLISH_NAMES);

/**
 * The complete division list (34 provinces, every city and all 3,479 counties of
 * `@vant/area-data`) as a tree: the one list the server checks region values against and the
 * console's picker offers, so nothing the picker offers is refused and nothing real is missing.
 */
function build(): RegionNode[] {
  const node = (code: string, zh: string): RegionNode => ({ code, zh, en: english.get(code) ?? zh });
  const provinces = new Map<string, RegionNode>();
  const cities = new Map<string, RegionNode>();
  for (const [code, zh] of Object.entries(areaList.province_list)) provinces.set(code.slice(0, 2), node(code, zh));
  for (const [code, zh] of Object.entries(areaList.city_list)) {
    const parent = provinces.get(code.slice(0, 2));
    if (!parent) continue;
    const city = node(code, zh);
    (parent.children ??= []).push(city);
    cities.set(code.slice(0, 4), city);
  }
  for (const [code, zh] of Object.entries(areaList.county_list)) {
    const parent = cities.get(code.slice(0, 4));
    if (parent) (parent.children ??= []).push(node(code, zh));
  }
  return [...provinces.values()];
}

export const REGIONS: RegionNode[] = build();

/** Region nodes by code, each with its level (0 province, 1 city, 2 county). */
const byCode = new Map<string, RegionNode>();
const levelOf = new Map<string, number>();
(function index(nodes: RegionNode[], level: number) {
  for (const n of nodes) {
    byCode.set(n.code, n);
    levelOf.set(n.code, level);
    if (n.children) index(n.children, level + 1);
  }
})(REGIONS, 0);

export const findRegion = (code: string): RegionNode | undefined => byCode.get(code);

/** A county-level code of the division list (not a province or a city). */
export const isCountyCode = (code: string): boolean => levelOf.get(code) === 2;

/** The levels of a region value: province, city, county. */
export const REGION_LEVELS = ['province', 'city', 'county'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];

/**
 * Whether the codes are a real division chain from the province down: each code exists at its
 * level and lies inside the one before. A partial chain names a province or a city.
 */
export function isRegionChain(codes: unknown): codes is string[] {
  if (!Array.isArray(codes) || codes.length > 3) return false;
  return codes.every(
    (code, level) =>
      typeof code === 'string' &&
      levelOf.get(code) === level &&
      (level === 0 || byCode.get(codes[level - 1] as string)?.children?.some((c) => c.code === code) === true),
  );
}

/** Whether the chain goes down to `level`, or stops above it only where the division has no subdivisions. */
export function reachesLevel(codes: readonly string[], level: RegionLevel): boolean {
  const need = REGION_LEVELS.indexOf(level) + 1;
  if (codes.length >= need) return true;
  const last = codes.length ? byCode.get(codes[codes.length - 1]) : undefined;
  return Boolean(last && !last.children?.length);
}

/** The codes as a list of strings, whatever the stored shape (array, one code, "a,b,c"). */
export function regionCodes(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((c) => c !== null && c !== undefined && c !== '').map(String);
  if (typeof value === 'string' && value)
    return value
      .split(/[,/]/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  return [];
}

/**
 * "广东省 广州市 天河区" in Chinese, "Tianhe, Guangzhou, Guangdong" (smallest first) otherwise. A
 * municipality's middle level repeats its name and is left out; an unknown code shows as itself.
 */
export function regionLabel(codes: unknown, lang?: string): string {
  const names: string[] = [];
  for (const code of regionCodes(codes)) {
    const node = byCode.get(code);
    const name = node ? regionName(node, lang) : code;
    if (names[names.length - 1] !== name) names.push(name);
  }
  return lang?.toLowerCase().startsWith('zh') ? names.join(' ') : names.reverse().join(', ');
}
