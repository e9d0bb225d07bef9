import type { IconName } from '../ui/icons';

/**
 * The language-neutral structure of the portal: which components, solutions and showcase
 * entries exist, their codes, icons and links. Texts live in the per-language modules, keyed
 * by the ids declared here, so adding an entry is one line here plus one text per language
 * (the compiler and the parity test both complain until all four languages have it).
 */

export const GROUP_IDS = ['freight', 'finance', 'tax', 'iot', 'trust', 'open'] as const;
export type GroupId = (typeof GROUP_IDS)[number];
/** The `:type` segment of a component detail route: a catalogue group, or the agents. */
export type ComponentType = GroupId | 'agent';

export interface CatalogueEntry {
  code: string;
  type: ComponentType;
  icon: IconName;
}

/**
 * The eight core components (offering ?id=1), in the order the site presents them. Only these
 * are in the home page's bundle; the rest of the catalogue is in componentList.ts.
 */
export const CORE_COMPONENTS = [
  { code: 'TMS01', type: 'freight', icon: 'waybill' },
  { code: 'PAY01', type: 'finance', icon: 'wallet' },
  { code: 'TAX01', type: 'tax', icon: 'tax' },
  { code: 'LOC01', type: 'iot', icon: 'pin' },
  { code: 'SGN01', type: 'trust', icon: 'sign' },
  { code: 'OCR01', type: 'trust', icon: 'scan' },
  { code: 'RSK01', type: 'trust', icon: 'shield' },
  { code: 'API01', type: 'open', icon: 'api' },
] as const satisfies readonly CatalogueEntry[];

export type CoreCode = (typeof CORE_COMPONENTS)[number]['code'];

export function isCore(code: string): code is CoreCode {
  return CORE_COMPONENTS.some((c) => c.code === code);
}

export function componentHref(c: CatalogueEntry): string {
  return `#/index/component/detail/${c.type}/${c.code}`;
}

/** The three offerings behind `/index?id=1|2|3`. */
export const OFFERINGS = [
  { id: '1', key: 'core', icon: 'layers' },
  { id: '2', key: 'agent', icon: 'robot' },
  { id: '3', key: 'full', icon: 'park' },
] as const satisfies readonly { id: string; key: string; icon: IconName }[];
export type OfferingKey = (typeof OFFERINGS)[number]['key'];

export interface SolutionEntry {
  id: string;
  icon: IconName;
  /** Shown on the home page and in the footer; the others are reached from the solutions index. */
  featured: boolean;
}

// The six `/solution` children of the spec come first; the spec's further "park" and
// "warehouse" pages are the park and wms pages, and `/solution/warehouse` is an alias of wms.
// Figures and component lists are in solutionParts.ts, which only the solution pages load.
export const SOLUTIONS = [
  { id: 'ntocc', icon: 'truck', featured: true },
  { id: 'ctms', icon: 'city', featured: true },
  { id: 'park', icon: 'park', featured: true },
  { id: 'wms', icon: 'warehouse', featured: true },
  { id: 'twms', icon: 'train', featured: true },
  { id: 'ntms', icon: 'box', featured: true },
  { id: 'transport', icon: 'dispatch', featured: false },
  { id: 'networkTransport', icon: 'monitor', featured: false },
  { id: 'cargo', icon: 'layers', featured: false },
  { id: 'coldChain', icon: 'snow', featured: false },
] as const satisfies readonly SolutionEntry[];

export type SolutionId = (typeof SOLUTIONS)[number]['id'];
export type FeaturedSolutionId = Extract<(typeof SOLUTIONS)[number], { featured: true }>['id'];
export type OtherSolutionId = Exclude<SolutionId, FeaturedSolutionId>;

export function isFeatured(id: SolutionId): id is FeaturedSolutionId {
  return SOLUTIONS.some((s) => s.id === id && s.featured);
}

export const SOLUTION_ALIASES: Readonly<Record<string, SolutionId>> = { warehouse: 'wms' };

export function findSolution(id: string): (typeof SOLUTIONS)[number] | undefined {
  const real = SOLUTION_ALIASES[id] ?? id;
  return SOLUTIONS.find((s) => s.id === real);
}

/** The business mailbox shown in the footer and on the about page. */
export const CONTACT_EMAIL = 'service@shulian-scm.com';
