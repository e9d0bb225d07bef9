import { describe, expect, it } from 'vitest';
import { createRouteSearch, type SearchItem } from './routeSearchRank';

const item = (title: string, path: string, trail = ''): SearchItem => ({ title, path, trail });
const pages = [
  item('Carrier payments', '/tms/Carrier/Approval', 'Freight / Carrier costs'),
  item('Carriers', '/tms/base/carrier', 'Freight / Base data'),
  item('Departments', '/platformUser/department', 'Platform users'),
  item('Staff', '/platformUser/staffManage', 'Platform users'),
  item('Roles', '/platformUser/roleManage', 'Platform users'),
  item('Vehicles', '/tms/base/vehicle', 'Freight / Base data'),
  item('IP blacklist', '/systemManage/ipBlacklist', 'System'),
];

describe('route search ranking', () => {
  const search = createRouteSearch(pages);

  it('puts the page whose title is the query before pages that only start with it', () => {
    expect(search('carriers').map((r) => r.title)[0]).toBe('Carriers');
    expect(
      search('Carrier')
        .map((r) => r.title)
        .slice(0, 2),
    ).toEqual(['Carriers', 'Carrier payments']);
  });

  it('does not answer a word with every page whose path shares a fuzzy prefix', () => {
    expect(search('plate').map((r) => r.path)).not.toContain('/platformUser/staffManage');
    expect(search('plate').map((r) => r.path)).not.toContain('/platformUser/roleManage');
  });

  it('still finds a page by its path', () => {
    expect(search('ipBlack')[0].path).toBe('/systemManage/ipBlacklist');
    expect(search('roleManage')[0].path).toBe('/platformUser/roleManage');
  });

  it('answers nothing to an empty query', () => {
    expect(search('  ')).toEqual([]);
  });
});
