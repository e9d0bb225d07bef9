import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../engine/routes/buildRoutes';
import { ancestorsOf, isExternal, openChain, selectedEntry, within } from './menuPaths';

const entry = (path: string, children: RouteEntry[] = []): RouteEntry => ({
  path,
  name: path,
  component: null,
  meta: { title: path },
  children,
});
const routes = [
  entry('/home'),
  entry('/platformUser', [entry('/platformUser/department'), entry('/platformUser/dept')]),
  entry('/tms', [entry('/tms/order', [entry('/tms/order/order_manage')])]),
];

describe('menu paths', () => {
  it('tells an entry from a longer name that only starts like it', () => {
    expect(within('/platformUser/dept', '/platformUser/dept/edit/1')).toBe(true);
    expect(within('/platformUser/dept', '/platformUser/department')).toBe(false);
  });

  it('selects the deepest entry above an address, and nothing for an unknown one', () => {
    expect(selectedEntry(routes, '/platformUser/department/edit/7')).toBe('/platformUser/department');
    expect(selectedEntry(routes, '/tms/order/order_manage')).toBe('/tms/order/order_manage');
    expect(selectedEntry(routes, '/nowhere')).toBe('');
  });

  it('names the parents of an entry, outermost first', () => {
    expect(ancestorsOf(routes, '/tms/order/order_manage')).toEqual(['/tms', '/tms/order']);
    expect(ancestorsOf(routes, '/home')).toEqual([]);
    expect(ancestorsOf(routes, '/nowhere')).toBeNull();
  });

  it('keeps one submenu open: opening one closes its siblings, closing one keeps its parents', () => {
    expect(openChain(routes, ['/platformUser'], '/tms')).toEqual(['/tms']);
    expect(openChain(routes, ['/tms'], '/tms/order')).toEqual(['/tms', '/tms/order']);
    expect(openChain(routes, ['/tms', '/tms/order'], '/tms/order')).toEqual(['/tms']);
    expect(openChain(routes, ['/tms'], '/tms')).toEqual([]);
  });

  it('knows an external address', () => {
    expect(isExternal('https://example.com/x')).toBe(true);
    expect(isExternal('/tms')).toBe(false);
    expect(isExternal(null)).toBe(false);
  });
});
