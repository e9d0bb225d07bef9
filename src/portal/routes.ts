import { findSolution, isCore, OFFERINGS, type OfferingKey, type SolutionId } from './content/catalogue';
import type { HashLocation } from './router';
import { matchPath } from './router';

/**
 * The portal's routes (all hash paths):
 *   /                                        redirects to /index
 *   /index                                   home; ?id=1 core components, ?id=2 AI agents, ?id=3 full set
 *   /index?…&text=0                          compact variant ("without text"): long descriptions hidden
 *   /index/component/detail/:type/:code      one component (type = catalogue group or "agent")
 *   /index/about                             about; ?section=company|contact|ecology scrolls to that part
 *   /index/guide                             the guide (its sections are edited in the console)
 *   /solution, /solution/:id                 solutions index and one solution
 *   /portalShow[/index[/:group/:leaf]]       showcase; without a leaf the first one is shown
 * The component detail and showcase pages check their own parameters, so the full catalogue
 * and the showcase menu stay out of the home bundle.
 */
export type Route =
  | { kind: 'redirect'; to: string }
  | { kind: 'home' }
  | { kind: 'offering'; offering: OfferingKey }
  | { kind: 'component'; type: string; code: string }
  | { kind: 'about'; section: string | null }
  | { kind: 'guide' }
  | { kind: 'solutions' }
  | { kind: 'solution'; id: SolutionId }
  | { kind: 'showcase'; group?: string; leaf?: string }
  | { kind: 'notFound' };

export function resolveRoute(loc: HashLocation): Route {
  const { path, query } = loc;
  if (path === '/') return { kind: 'redirect', to: '/index' };
  if (path === '/index') {
    const offering = OFFERINGS.find((o) => o.id === query.get('id'));
    if (offering) return { kind: 'offering', offering: offering.key };
    return query.has('id') ? { kind: 'notFound' } : { kind: 'home' };
  }
  if (path === '/index/about') return { kind: 'about', section: query.get('section') };
  if (path === '/index/guide') return { kind: 'guide' };
  const detail = matchPath('/index/component/detail/:type/:code', path);
  if (detail) return { kind: 'component', type: detail.type, code: detail.code };
  if (path === '/solution') return { kind: 'solutions' };
  const solution = matchPath('/solution/:id', path);
  if (solution) {
    const found = findSolution(solution.id);
    return found ? { kind: 'solution', id: found.id } : { kind: 'notFound' };
  }
  if (path === '/portalShow' || path === '/portalShow/index') return { kind: 'showcase' };
  const show = matchPath('/portalShow/index/:group/:leaf', path);
  if (show) return { kind: 'showcase', group: show.group, leaf: show.leaf };
  return { kind: 'notFound' };
}

/** Whether the compact ("without text") variant was asked for. */
export function isCompact(loc: HashLocation): boolean {
  return loc.query.get('text') === '0';
}

/** The header entry a route belongs to, for aria-current. */
export function activeNav(route: Route): string {
  switch (route.kind) {
    case 'home':
      return 'home';
    case 'offering':
      return route.offering;
    case 'component':
      if (route.type === 'agent') return 'agent';
      return isCore(route.code) ? 'core' : 'full';
    case 'about':
      return 'about';
    case 'solutions':
    case 'solution':
      return 'solutions';
    case 'showcase':
      return 'demo';
    default:
      return '';
  }
}
