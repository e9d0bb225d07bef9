import { REGION_DATA, type RegionTuple } from './data';

export { REGION_DATA };
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

function toNode([code, zh, en, children]: RegionTuple): RegionNode {
  return children ? { code, zh, en, children: children.map(toNode) } : { code, zh, en };
}

export const REGIONS: RegionNode[] = REGION_DATA.map(toNode);

const byCode = new Map<string, RegionNode>();
(function index(nodes: RegionNode[]) {
  for (const n of nodes) {
    byCode.set(n.code, n);
    if (n.children) index(n.children);
  }
})(REGIONS);

export const findRegion = (code: string): RegionNode | undefined => byCode.get(code);

/** The codes as a list of strings, whatever the stored shape (array, one code, "a,b,c"). */
export function regionCodes(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((c) => c !== null && c !== undefined && c !== '').map(String);
  if (typeof value === 'string' && value) return value.split(/[,/]/).map((s) => s.trim()).filter(Boolean);
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
