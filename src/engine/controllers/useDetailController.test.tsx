import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { PageBundle } from '../data/pageApi';
import { useDetailController } from './useDetailController';
import { bundle } from './testPage';

const asked: string[] = [];
let stored: Record<string, unknown> | null = { id: 7, version: 3, name: 'crate', qty: 4, status: 'open' };
const server = setupServer(
  http.get('*/open-platform/data/:page/:id', ({ request }) => {
    asked.push(new URL(request.url).search);
    return stored
      ? HttpResponse.json({ status: 0, msg: 'success', data: stored })
      : HttpResponse.json({ status: 404, msg: 'No such record', data: null }, { status: 404 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  stored = { id: 7, version: 3, name: 'crate', qty: 4, status: 'open' };
  asked.length = 0;
});

const withEdit: PageBundle = {
  ...bundle,
  page: {
    ...bundle.page,
    list: { ...bundle.page.list!, rowActions: ['detail', 'edit'] },
    detail: { sections: [{ title: 'Main', fields: ['name', 'qty', 'hidden'] }], history: true },
  },
};

function setup(b: PageBundle, path = '/items/detail/7') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </SWRConfig>
  );
  return renderHook(() => ({ detail: useDetailController(b, '/items', '7'), location: useLocation() }), { wrapper });
}

describe('the detail controller', () => {
  it('loads the record, lists only the fields the page has, and opens edit and the list', async () => {
    const { result } = setup(withEdit);
    expect(result.current.detail.loading).toBe(true);
    await waitFor(() => expect(result.current.detail.record).toMatchObject({ id: 7, name: 'crate' }));
    expect(result.current.detail.loadError).toBeNull();
    expect(result.current.detail.sections).toEqual([{ title: 'Main', fields: ['name', 'qty'] }]);
    expect(result.current.detail.showHistory).toBe(true);
    expect(result.current.detail.editable).toBe(true);
    act(() => result.current.detail.edit());
    expect(result.current.location.pathname).toBe('/items/edit/7');
    act(() => result.current.detail.backToList());
    expect(result.current.location.pathname).toBe('/items');
  });

  it('reads within the lock of a child list and goes back to that list', async () => {
    const locked: PageBundle = { ...withEdit, parents: [{ field: 'orderNo', page: 'test/order', title: 'Order' }] };
    const { result } = setup(locked, '/items/detail/7?parent=O1&parentField=orderNo');
    await waitFor(() => expect(result.current.detail.record).not.toBeNull());
    expect(asked).toEqual(['?parent=O1&parentField=orderNo']);
    expect(result.current.detail.parent).toMatchObject({ field: 'orderNo', value: 'O1' });
    act(() => result.current.detail.backToList());
    expect(`${result.current.location.pathname}${result.current.location.search}`).toBe('/items?parent=O1&parentField=orderNo');
  });

  it('offers no edit to a caller who may only read, nor on a page whose rows have no edit action', async () => {
    const readOnly = setup({ ...withEdit, actions: ['read'] });
    await waitFor(() => expect(readOnly.result.current.detail.record).not.toBeNull());
    expect(readOnly.result.current.detail.editable).toBe(false);
    const noEdit = setup(bundle);
    await waitFor(() => expect(noEdit.result.current.detail.record).not.toBeNull());
    expect(noEdit.result.current.detail.editable).toBe(false);
  });

  it('passes on the server message when the record cannot be read', async () => {
    stored = null;
    const { result } = setup(withEdit);
    await waitFor(() => expect(result.current.detail.loadError).toBe('No such record'));
    expect(result.current.detail.record).toBeNull();
    expect(result.current.detail.editable).toBe(false);
  });
});
