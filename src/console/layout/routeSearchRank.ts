import Fuse from 'fuse.js';
import type { RouteEntry } from '../../engine/routes/buildRoutes';

/** Spec §9: fuzzy threshold 0.4, title weight 0.7, path weight 0.3. */
export const SEARCH_OPTIONS = {
  threshold: 0.4,
  includeScore: true,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/** A page the search can find: its own title, the menu trail above it (shown, not ranked) and its path. */
export interface SearchItem {
  title: string;
  trail: string;
  path: string;
}

export function searchableRoutes(routes: RouteEntry[], title: (k: string) => string, trail: string[] = []): SearchItem[] {
  return routes
    .filter((r) => !r.meta.hidden)
    .flatMap((r) => {
      const own = title(r.meta.title);
      const here = r.component ? [{ title: own, trail: trail.join(' / '), path: r.path }] : [];
      return [...here, ...searchableRoutes(r.children, title, [...trail, own])];
    });
}

/**
 * How plainly a page answers the query: the whole title, its start, the start of one of its
 * words, anywhere in the title or the path; 4 is a fuzzy match only. Fuse's score alone ranks "Carrier payments"
 * above "Carriers" for "carriers" and lets "plate" find every "Platform users" page.
 */
function tier(item: SearchItem, query: string): number {
  const t = item.title.toLowerCase();
  const q = query.toLowerCase();
  if (t === q) return 0;
  if (t.startsWith(q)) return 1;
  if (t.split(/[\s/·,()（）-]+/).some((w) => w.startsWith(q))) return 2;
  if (t.includes(q) || item.path.toLowerCase().includes(q)) return 3;
  return 4;
}

export function createRouteSearch(items: SearchItem[]) {
  const fuse = new Fuse(items, SEARCH_OPTIONS);
  return (query: string, limit = 12): SearchItem[] => {
    const q = query.trim();
    if (!q) return [];
    const hits = fuse.search(q).map((r) => ({ item: r.item, tier: tier(r.item, q), score: r.score ?? 1 }));
    // Fuse applies the threshold per key: a loose match on the path alone ("plate" in /platformUser)
    // passes with a weighted score far above it. Such hits are dropped; typos in titles stay.
    const kept = hits.filter((h) => h.tier < 4 || h.score <= SEARCH_OPTIONS.threshold);
    return kept
      .sort((a, b) => a.tier - b.tier || a.score - b.score || a.item.title.length - b.item.title.length)
      .slice(0, limit)
      .map((h) => h.item);
  };
}
