import { areaList } from '@vant/area-data';
import { findRegion } from '../../shared/regions/index.js';

/**
 * A region cell as exports write it ("上海市 浦东新区"; "Pudong New Area, Shanghai"; codes) back to
 * its chain of division codes. Names are matched in Chinese and pinyin, case and spaces aside.
 */
const LEVELS = [areaList.province_list, areaList.city_list, areaList.county_list] as const;
const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

let index: Map<string, { code: string; level: number }[]> | null = null;

function namesOf(code: string, level: number): string[] {
  const node = findRegion(code);
  const zh = node?.zh ?? (LEVELS[level] as Record<string, string>)[code];
  return node ? [zh, node.en] : [zh];
}

function nameIndex() {
  if (index) return index;
  index = new Map();
  LEVELS.forEach((list, level) => {
    for (const code of Object.keys(list)) {
      for (const name of namesOf(code, level)) {
        if (!name) continue;
        const k = norm(name);
        const hits = index!.get(k) ?? [];
        hits.push({ code, level });
        index!.set(k, hits);
      }
    }
  });
  return index;
}

const chainOf = (code: string, level: number) => [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code].slice(0, level + 1);

/** The names of a chain in one of its spellings, a name equal to the one above it said once (as the export does). */
function spelled(chain: string[], pick: 0 | 1): string[] {
  const out: string[] = [];
  chain.forEach((code, level) => {
    const names = namesOf(code, level);
    const name = norm(names[pick] ?? names[0]);
    if (out[out.length - 1] !== name) out.push(name);
  });
  return out;
}

export function regionFromText(text: string): string[] | null {
  const s = text.trim();
  if (/^\d{6}(\s*[,/，]\s*\d{6}){0,2}$/.test(s)) return s.split(/\s*[,/，]\s*/);
  // Chinese reads from the province down, separated by spaces or slashes; the other languages from the county up, by commas.
  const parts = /[,，]/.test(s) ? s.split(/\s*[,，]\s*/).reverse() : s.split(/\s*[/\s]\s*/);
  const tokens = parts.map(norm).filter(Boolean);
  if (!tokens.length || tokens.length > 3) return null;
  for (const hit of nameIndex().get(tokens[tokens.length - 1]) ?? []) {
    const chain = chainOf(hit.code, hit.level);
    const ok = ([0, 1] as const).some((pick) => {
      const names = spelled(chain, pick);
      return names.length === tokens.length && names.every((n, i) => n === tokens[i]);
    });
    if (ok) return chain;
  }
  return null;
}
