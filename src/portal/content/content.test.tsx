import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../i18n/languages';
import { CORE_COMPONENTS, GROUP_IDS, SOLUTIONS } from './catalogue';
import { COMPONENTS } from './componentList';
import { SHOWCASE_MENU, type ShowcaseLeafEntry } from './showcase';
import { SOLUTION_PARTS } from './solutionParts';
import { loadDetailText, loadSiteText } from './load';
import type { DetailText, SiteText } from './types';

/** Every leaf path of a text tree, arrays included by index, so lengths must match too. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, `${prefix}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function emptyStrings(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.trim() ? [] : [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyStrings(v, `${prefix}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => emptyStrings(v, `${prefix}.${k}`));
  return [];
}

const texts = async () => {
  const all = {} as Record<Language, { site: SiteText; details: DetailText }>;
  for (const lang of LANGUAGES) all[lang] = { site: await loadSiteText(lang), details: await loadDetailText(lang) };
  return all;
};

describe('portal texts', () => {
  it('have exactly the same keys in all four languages', async () => {
    const all = await texts();
    const reference = { site: keyPaths(all.zh.site).sort(), details: keyPaths(all.zh.details).sort() };
    for (const lang of LANGUAGES) {
      expect(keyPaths(all[lang].site).sort(), `${lang} site`).toEqual(reference.site);
      expect(keyPaths(all[lang].details).sort(), `${lang} details`).toEqual(reference.details);
    }
  });

  it('have no empty strings', async () => {
    const all = await texts();
    for (const lang of LANGUAGES) {
      expect(emptyStrings(all[lang].site), lang).toEqual([]);
      expect(emptyStrings(all[lang].details), lang).toEqual([]);
    }
  });

  it('name every catalogue entry exactly once', async () => {
    const { site, details } = (await texts()).zh;
    const core = CORE_COMPONENTS.map((c) => c.code);
    expect(Object.keys(site.components).sort()).toEqual([...core].sort());
    expect(Object.keys(details.componentNames).sort()).toEqual(
      COMPONENTS.map((c) => c.code)
        .filter((c) => !core.includes(c as never))
        .sort(),
    );
    expect(Object.keys(details.components).sort()).toEqual(COMPONENTS.map((c) => c.code).sort());
    const featured = SOLUTIONS.filter((s) => s.featured).map((s) => s.id);
    expect(Object.keys(site.solutions).sort()).toEqual([...featured].sort());
    expect(Object.keys(details.solutionNames).sort()).toEqual(
      SOLUTIONS.filter((s) => !s.featured)
        .map((s) => s.id)
        .sort(),
    );
    expect(Object.keys(details.groups).sort()).toEqual([...GROUP_IDS].sort());
    const leaves = SHOWCASE_MENU.flatMap((g) => (g.leaves as readonly ShowcaseLeafEntry[]).map((l) => l.id));
    expect(Object.keys(details.showcase.leaves).sort()).toEqual([...leaves].sort());
  });
});

describe('catalogue structure', () => {
  it('has unique component codes, 24 catalogue components, six agents and eight core ones', () => {
    const codes = COMPONENTS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(COMPONENTS.filter((c) => c.type !== 'agent')).toHaveLength(24);
    expect(COMPONENTS.filter((c) => c.type === 'agent')).toHaveLength(6);
    expect(CORE_COMPONENTS).toHaveLength(8);
  });

  it('has the six spec solutions first and valid component references', () => {
    expect(SOLUTIONS.slice(0, 6).map((s) => s.id)).toEqual(['ntocc', 'ctms', 'park', 'wms', 'twms', 'ntms']);
    const codes = new Set<string>(COMPONENTS.map((c) => c.code));
    for (const s of SOLUTIONS) for (const code of SOLUTION_PARTS[s.id].components) expect(codes.has(code), `${s.id} ${code}`).toBe(true);
  });

  it('has the showcase menu of spec §2.4, every leaf pointing at /home, the iot leaves sharing one page', () => {
    expect(SHOWCASE_MENU.map((g) => g.id)).toEqual([
      'basic',
      'interface',
      'algorithm',
      'iot',
      'payment',
      'supervision',
      'dataInsight',
      'tripartite',
    ]);
    const leaves = SHOWCASE_MENU.flatMap((g) => g.leaves as readonly ShowcaseLeafEntry[]);
    expect(leaves.every((l) => l.meta.url === '/home')).toBe(true);
    const iot = SHOWCASE_MENU.find((g) => g.id === 'iot')!;
    expect(iot.leaves.map((l) => l.id)).toEqual(['I04_01', 'I04_02', 'I04_03']);
    expect(new Set(iot.leaves.map((l) => l.page)).size).toBe(1);
  });
});
