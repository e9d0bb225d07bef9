import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Relation } from '../../shared/schema/types';
import type { PageBundle } from '../data/pageApi';
import type { RouteEntry } from '../routes/buildRoutes';
import { setupTestI18n } from '../../widgets/test-i18n';
import en from '../../i18n/locales/en/engine.json';
import { useRelatedList } from './useRelatedList';
import { bundle as child, items } from './testPage';

// The child page's list is in the caller's menu unless a test empties it.
let routes: RouteEntry[] = [];
const menu: RouteEntry[] = [{ path: '/stock/items', name: 'items', component: 'test/item/index', meta: { title: 'Items' }, children: [] }];
vi.mock('../session/store', () => ({ useSession: () => ({ routes }) }));

const asked: string[] = [];
let rows = items(12);
const server = setupServer(
  http.get('*/open-platform/data/:page', ({ request }) => {
    const url = new URL(request.url);
    asked.push(url.search);
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    return HttpResponse.json({
      status: 0,
      msg: 'success',
      data: { list: rows.slice((page - 1) * size, page * size), total: rows.length, totalCapped: false, page, size },
    });
  }),
  http.delete('*/open-platform/data/:page/:id', ({ params }) => {
    if (params.id === '2') return HttpResponse.json({ status: 409, msg: 'Still in use', data: null }, { status: 409 });
    rows = rows.filter((r) => String(r.id) !== params.id);
    return HttpResponse.json({ status: 0, msg: 'success', data: { deleted: 1 } });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en', en);
});
afterAll(() => server.close());
beforeEach(() => {
  asked.length = 0;
  rows = items(12);
  routes = menu;
});

const relation: Relation = { name: 'items', page: 'test/item', field: 'orderNo' };
const bundle: PageBundle = { ...child, page: { ...child.page, list: { ...child.page.list!, actions: ['create'] } } };

function setup(b: PageBundle = bundle) {
  const notify = { success: vi.fn(), error: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/orders/detail/1']}>{children}</MemoryRouter>
    </SWRConfig>
  );
  const hook = renderHook(() => ({ related: useRelatedList(b, relation, 'O1', notify), location: useLocation() }), { wrapper });
  return { ...hook, notify };
}
const where = (l: { pathname: string; search: string }) => `${l.pathname}${l.search}`;

describe('the related list controller', () => {
  it("asks for the parent's rows ten at a time, and again for another page or filter", async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.related.rows).toHaveLength(10));
    expect(result.current.related.total).toBe(12);
    expect(asked).toEqual(['?page=1&size=10&parent=O1&parentField=orderNo']);
    act(() => result.current.related.turn(2, 10));
    await waitFor(() => expect(result.current.related.rows).toHaveLength(2));
    act(() => result.current.related.search({ name: 'item a' }, 'crate'));
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]).toBe('?page=1&size=10&name=item+a&q=crate&parent=O1&parentField=orderNo');
    expect(result.current.related.state).toMatchObject({ page: 1, filters: { name: 'item a' }, q: 'crate' });
  });

  it('opens the child views and list held to the parent', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.related.rows).toHaveLength(10));
    expect(result.current.related).toMatchObject({ reachable: true, canCreate: true });
    act(() => void result.current.related.open('edit', result.current.related.rows[0]));
    expect(where(result.current.location)).toBe('/stock/items/edit/1?parent=O1&parentField=orderNo');
    act(() => result.current.related.create());
    expect(where(result.current.location)).toBe('/stock/items/add?parent=O1&parentField=orderNo');
    act(() => result.current.related.openList());
    expect(where(result.current.location)).toBe('/stock/items?parent=O1&parentField=orderNo');
  });

  it('without the child page in the menu, only lists', async () => {
    routes = [];
    const { result } = setup();
    await waitFor(() => expect(result.current.related.rows).toHaveLength(10));
    expect(result.current.related).toMatchObject({ reachable: false, canCreate: false });
    act(() => void result.current.related.open('detail', result.current.related.rows[0]));
    expect(result.current.location.pathname).toBe('/orders/detail/1');
  });

  it("deletes a row and says so, or tells the server's refusal", async () => {
    const { result, notify } = setup();
    await waitFor(() => expect(result.current.related.rows).toHaveLength(10));
    await act(() => result.current.related.remove(result.current.related.rows[0]));
    expect(notify.success).toHaveBeenCalledWith('Deleted');
    await waitFor(() => expect(result.current.related.total).toBe(11));
    await act(() => result.current.related.remove(result.current.related.rows[0]));
    expect(notify.error).toHaveBeenCalledWith('Still in use');
  });
});
