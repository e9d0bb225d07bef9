import type { PortalComponent, PortalContent } from '../portalData';

// Lookups only the inner pages need: kept out of the home page's chunk.

export function serverComponent(data: PortalContent | null, code: string): PortalComponent | undefined {
  return data?.components.find((c) => c.code === code);
}

/** A showcase leaf's title and address as the console keeps them (show component manage). */
export function showcaseEntry(data: PortalContent | null, group: string, leaf: string) {
  return data?.showcase.find((e) => e.group === group && e.leaf === leaf);
}
