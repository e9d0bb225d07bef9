import type { IconName } from '../ui/icons';

/**
 * The showcase menu (spec §2.4), language-neutral. Kept apart from the catalogue because only
 * the showcase page needs it, and the home page's bundle should not carry it.
 */

/** What the showcase draws for a page: a table screen, a chart board, a map, a flow or boxes. */
export type ShowcaseArtKind = 'table' | 'chart' | 'map' | 'flow' | 'boxes' | 'devices';

export interface ShowcaseLeaf {
  id: string;
  /** Several leaves may share one page (the three iot leaves do). */
  page: string;
  meta: { url: string };
}

// Route scheme: /portalShow/index/<group>/<leaf>, e.g. /portalShow/index/iot/I04_02.
// /portalShow and /portalShow/index show the first leaf.
export const SHOWCASE_MENU = [
  {
    id: 'basic',
    icon: 'sliders',
    leaves: [
      { id: 'basicInfo', page: 'basicInfo', meta: { url: '/home' } },
      { id: 'pricing', page: 'pricing', meta: { url: '/home' } },
      { id: 'authority', page: 'authority', meta: { url: '/home' } },
      { id: 'statisticsReport', page: 'statisticsReport', meta: { url: '/home' } },
    ],
  },
  { id: 'interface', icon: 'api', leaves: [{ id: 'interfaceService', page: 'interfaceService', meta: { url: '/home' } }] },
  {
    id: 'algorithm',
    icon: 'spark',
    leaves: [
      { id: 'packAlgorithm', page: 'packAlgorithm', meta: { url: '/home' } },
      { id: 'pathOptimize', page: 'pathOptimize', meta: { url: '/home' } },
      { id: 'stowage', page: 'stowage', meta: { url: '/home' } },
    ],
  },
  {
    id: 'iot',
    icon: 'printer',
    leaves: [
      { id: 'I04_01', page: 'iot', meta: { url: '/home' } },
      { id: 'I04_02', page: 'iot', meta: { url: '/home' } },
      { id: 'I04_03', page: 'iot', meta: { url: '/home' } },
    ],
  },
  { id: 'payment', icon: 'wallet', leaves: [{ id: 'paymentGateway', page: 'paymentGateway', meta: { url: '/home' } }] },
  { id: 'supervision', icon: 'monitor', leaves: [{ id: 'supervisionPlatform', page: 'supervisionPlatform', meta: { url: '/home' } }] },
  { id: 'dataInsight', icon: 'chart', leaves: [{ id: 'dataInsight', page: 'dataInsight', meta: { url: '/home' } }] },
  { id: 'tripartite', icon: 'link', leaves: [{ id: 'tripartite', page: 'tripartite', meta: { url: '/home' } }] },
] as const satisfies readonly { id: string; icon: IconName; leaves: readonly ShowcaseLeaf[] }[];

export type ShowcaseGroupId = (typeof SHOWCASE_MENU)[number]['id'];
export type ShowcaseLeafId = (typeof SHOWCASE_MENU)[number]['leaves'][number]['id'];
export type ShowcasePageId = (typeof SHOWCASE_MENU)[number]['leaves'][number]['page'];
export type ShowcaseLeafEntry = (typeof SHOWCASE_MENU)[number]['leaves'][number];

export const SHOWCASE_ART: Readonly<Record<ShowcasePageId, ShowcaseArtKind>> = {
  basicInfo: 'table',
  pricing: 'table',
  authority: 'flow',
  statisticsReport: 'chart',
  interfaceService: 'flow',
  packAlgorithm: 'boxes',
  pathOptimize: 'map',
  stowage: 'boxes',
  iot: 'devices',
  paymentGateway: 'flow',
  supervisionPlatform: 'map',
  dataInsight: 'chart',
  tripartite: 'flow',
};

export function showcaseHref(group: string, leaf: string): string {
  return `#/portalShow/index/${group}/${leaf}`;
}

/** The group and leaf a showcase route names; without them, the first leaf. */
export function resolveShowcase(group?: string, leaf?: string) {
  if (group === undefined) return { group: SHOWCASE_MENU[0], leaf: SHOWCASE_MENU[0].leaves[0] as ShowcaseLeafEntry };
  const g = SHOWCASE_MENU.find((m) => m.id === group);
  const leaves: readonly ShowcaseLeafEntry[] = g?.leaves ?? [];
  const l = leaves.find((x) => x.id === leaf);
  return g && l ? { group: g, leaf: l } : undefined;
}
