import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeNav, isCompact, resolveRoute } from './routes';
import { followLink, matchPath, parseHash } from './router';

const route = (hash: string) => resolveRoute(parseHash(hash));

describe('hash parsing', () => {
  it('splits path and query and drops a trailing slash', () => {
    const loc = parseHash('#/index/?id=2&text=0');
    expect(loc.path).toBe('/index');
    expect(loc.query.get('id')).toBe('2');
    expect(isCompact(loc)).toBe(true);
    expect(parseHash('').path).toBe('/');
    expect(parseHash('#').path).toBe('/');
  });

  it('matches named segments', () => {
    expect(matchPath('/a/:b/:c', '/a/x/y%20z')).toEqual({ b: 'x', c: 'y z' });
    expect(matchPath('/a/:b', '/a/x/y')).toBeNull();
    expect(matchPath('/a/:b', '/b/x')).toBeNull();
  });
});

describe('portal routes', () => {
  it('redirects / to /index', () => {
    expect(route('#/')).toEqual({ kind: 'redirect', to: '/index' });
  });

  it('resolves the home page and the three offerings', () => {
    expect(route('#/index').kind).toBe('home');
    expect(route('#/index?id=1')).toEqual({ kind: 'offering', offering: 'core' });
    expect(route('#/index?id=2')).toEqual({ kind: 'offering', offering: 'agent' });
    expect(route('#/index?id=3&text=0')).toEqual({ kind: 'offering', offering: 'full' });
    expect(route('#/index?id=9').kind).toBe('notFound');
  });

  it('resolves about, solutions and component details', () => {
    expect(route('#/index/about?section=contact')).toEqual({ kind: 'about', section: 'contact' });
    expect(route('#/solution').kind).toBe('solutions');
    expect(route('#/solution/ntocc')).toEqual({ kind: 'solution', id: 'ntocc' });
    expect(route('#/solution/warehouse')).toEqual({ kind: 'solution', id: 'wms' });
    expect(route('#/solution/nope').kind).toBe('notFound');
    expect(route('#/index/component/detail/freight/TMS01')).toEqual({ kind: 'component', type: 'freight', code: 'TMS01' });
  });

  it('resolves the showcase with and without a leaf', () => {
    expect(route('#/portalShow')).toEqual({ kind: 'showcase' });
    expect(route('#/portalShow/index')).toEqual({ kind: 'showcase' });
    expect(route('#/portalShow/index/iot/I04_02')).toEqual({ kind: 'showcase', group: 'iot', leaf: 'I04_02' });
  });

  it('sends unknown paths to the not-found page', () => {
    expect(route('#/index/nope').kind).toBe('notFound');
    expect(route('#/solution/ntocc/extra').kind).toBe('notFound');
  });

  it('marks the header entry a page belongs to', () => {
    expect(activeNav(route('#/index'))).toBe('home');
    expect(activeNav(route('#/index?id=2'))).toBe('agent');
    expect(activeNav(route('#/index/component/detail/trust/OCR01'))).toBe('core');
    expect(activeNav(route('#/index/component/detail/open/MSG01'))).toBe('full');
    expect(activeNav(route('#/index/component/detail/agent/AGT01'))).toBe('agent');
    expect(activeNav(route('#/solution/park'))).toBe('solutions');
    expect(activeNav(route('#/portalShow'))).toBe('demo');
  });
});

describe('followLink', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens http links in a new tab and follows routes in place', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    followLink('https://chat.example.com/room');
    expect(open).toHaveBeenCalledWith('https://chat.example.com/room', '_blank', 'noopener');
    followLink('/home');
    expect(window.location.hash).toBe('#/home');
    expect(open).toHaveBeenCalledTimes(1);
  });
});
