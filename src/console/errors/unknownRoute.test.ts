import { describe, expect, it } from 'vitest';
import { pageIdOfPath } from './unknownRoute';

describe('pageIdOfPath', () => {
  it('takes the page id out of a list, form, detail or print address', () => {
    expect(pageIdOfPath('/platformUser/roleManage')).toBe('platformUser/roleManage');
    expect(pageIdOfPath('/platformUser/roleManage/index')).toBe('platformUser/roleManage');
    expect(pageIdOfPath('/tms/base/shipper/add')).toBe('tms/base/shipper');
    expect(pageIdOfPath('/tms/base/shipper/edit/12')).toBe('tms/base/shipper');
    expect(pageIdOfPath('/customerManage/appInfo/detail/3')).toBe('customerManage/appInfo');
  });

  it('has none for an address that cannot be a page', () => {
    expect(pageIdOfPath('/nothing')).toBeNull();
    expect(pageIdOfPath('/')).toBeNull();
  });
});
