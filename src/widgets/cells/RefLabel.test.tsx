import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { FieldSchema } from '../../shared/schema/types';
import RefLabel from './RefLabel';
import { invalidateRefLabels, resetRefLabelsForTests } from '../refOptions';
import { announceSessionReset } from '../../client/token';
import { setupTestI18n } from '../test-i18n';

const calls: string[] = [];
const names: Record<string, Record<string, string>> = {
  'customerManage/customer': { 1: '华东智运物流有限公司', 2: '西南通达供应链有限公司', 3: '华北快运有限公司' },
  'platformUser/roleManage': { SUPER_ADMIN: '超级管理员', STAFF: '平台员工' },
};
const server = setupServer(
  http.get('*/open-platform/data/:page/options', ({ request, params }) => {
    const page = decodeURIComponent(String(params.page));
    const ids = new URL(request.url).searchParams.get('ids') ?? '';
    calls.push(`${page}?ids=${ids}`);
    const table = names[page] ?? {};
    const data = ids
      .split(',')
      .filter((id) => table[id])
      .map((id) => ({ value: page === 'customerManage/customer' ? Number(id) : id, label: table[id] }));
    return HttpResponse.json({ status: 0, msg: 'success', data });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en');
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  resetRefLabelsForTests();
});

const customer: FieldSchema = { type: 'integer', title: 'fields.customer', 'x-ref': 'customerManage/customer' };
const roles: FieldSchema = { type: 'array', title: 'fields.roles', 'x-ref': 'platformUser/roleManage', 'x-ref-multiple': true };

describe('RefLabel', () => {
  it('batches the ids of every cell on screen into one call per page', async () => {
    render(
      <table>
        <tbody>
          {[1, 2, 1, 3, 99].map((id, i) => (
            <tr key={i}>
              <td>
                <RefLabel value={id} field={customer} />
              </td>
              <td>
                <RefLabel value={['SUPER_ADMIN', 'STAFF']} field={roles} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>,
    );
    expect(await screen.findByText('西南通达供应链有限公司')).toBeInTheDocument();
    expect(screen.getAllByText('华东智运物流有限公司')).toHaveLength(2);
    expect(screen.getByText('华北快运有限公司')).toBeInTheDocument();
    // A record that no longer exists shows its key.
    expect(screen.getByText('99')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('超级管理员, 平台员工')).toHaveLength(5));
    expect(calls.sort()).toEqual(['customerManage/customer?ids=1,2,3,99', 'platformUser/roleManage?ids=SUPER_ADMIN,STAFF']);
  });

  it('serves later cells from the cache, until invalidated', async () => {
    const first = render(<RefLabel value={2} field={customer} />);
    await screen.findByText('西南通达供应链有限公司');
    first.unmount();
    render(<RefLabel value="2" field={customer} />);
    expect(screen.getByText('西南通达供应链有限公司')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    names['customerManage/customer'][2] = '西南通达供应链股份有限公司';
    act(() => invalidateRefLabels('customerManage/customer'));
    render(<RefLabel value={2} field={customer} />);
    expect(await screen.findAllByText('西南通达供应链股份有限公司')).toHaveLength(2);
    expect(calls).toHaveLength(2);
  });

  it('forgets every label when the session is reset (sign-out, role switch)', async () => {
    const first = render(<RefLabel value={3} field={customer} />);
    await screen.findByText('华北快运有限公司');
    first.unmount();
    names['customerManage/customer'][3] = '华北快运股份有限公司';
    act(() => announceSessionReset());
    render(<RefLabel value={3} field={customer} />);
    expect(await screen.findByText('华北快运股份有限公司')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('shows the raw key when the call fails, and a dash for no value', async () => {
    server.use(
      http.get('*/open-platform/data/:page/options', () => HttpResponse.json({ status: 403, msg: 'no', data: null }, { status: 403 })),
    );
    render(
      <>
        <RefLabel value={7} field={customer} />
        <RefLabel value={null} field={customer} />
      </>,
    );
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('-')).toBeInTheDocument();
  });
});
