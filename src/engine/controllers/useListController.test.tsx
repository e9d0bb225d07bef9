import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { useListController } from './useListController';
import { listParamsFor, preloadList } from './listQuery';
import { forgetPreloaded } from '../data/prefetch';
import { bundle, items } from './testPage';

const calls: string[] = [];
let rows = items(5);
/** While set, pages of 1,000 rows and more are answered only once it resolves. */
let holdBig: Promise<void> | null = null;
const server = setupServer(
  http.get('*/open-platform/data/:page', async ({ request }) => {
    const url = new URL(request.url);
    calls.push(`GET ${url.search}`);
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('size') ?? 20);
    if (size >= 1000 && holdBig) await holdBig;
    const sort = url.searchParams.get('sort');
    const sorted = sort ? [...rows].sort((a, b) => (sort.startsWith('-') ? -1 : 1) * a.name.localeCompare(b.name)) : rows;
    return HttpResponse.json({
      status: 0,
      msg: 'success',
      data: { list: sorted.slice((page - 1) * size, page * size), total: rows.length, totalCapped: false, page, size },
    });
  }),
  http.post('*/open-platform/data/:page/bulk-delete', async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    calls.push(`DELETE ${ids.join(',')}`);
    rows = rows.filter((r) => !ids.includes(r.id));
    return HttpResponse.json({ status: 0, msg: 'success', data: { deleted: ids.length } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  rows = items(5);
  holdBig = null;
  forgetPreloaded();
});

function setup(path = '/list') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </SWRConfig>
  );
  return renderHook(() => ({ list: useListController(bundle), location: useLocation() }), { wrapper });
}

describe('the list controller', () => {
  it('takes the rows a navigation asked for instead of asking again, and renders with them at once', async () => {
    await preloadList(bundle.page, listParamsFor(bundle.page, ''));
    expect(calls).toEqual(['GET ?page=1&size=20']);
    const { result } = setup();
    // The answer had arrived: the first render has the rows, and nothing more is sent.
    expect(result.current.list.rows).toHaveLength(5);
    expect(result.current.list.rowsCurrent).toBe(true);
    await waitFor(() => expect(result.current.list.total).toBe(5));
    expect(calls).toEqual(['GET ?page=1&size=20']);
  });

  it('shows a big page from its first screen, asked for first, until the whole page comes', async () => {
    rows = items(2500);
    let release!: () => void;
    holdBig = new Promise((resolve) => (release = resolve));
    const { result } = setup('/list?page=2&size=1000');
    await waitFor(() => expect(result.current.list.rows).toHaveLength(50));
    expect(calls).toEqual(['GET ?page=21&size=50', 'GET ?page=2&size=1000']);
    expect(result.current.list).toMatchObject({ partial: true, rowsCurrent: true, total: 2500 });
    expect(result.current.list.rows[0].id).toBe(rows[1000].id);
    release();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(1000));
    expect(result.current.list.partial).toBe(false);
    expect(result.current.list.rows[0].id).toBe(rows[1000].id);
    // Back to a page in the cache: the whole of it shows, not its first screen.
    act(() => result.current.list.update({ page: 3 }));
    await waitFor(() => expect(result.current.list.rows[0]?.id).toBe(rows[2000].id));
    act(() => result.current.list.update({ page: 2 }));
    await waitFor(() => expect(result.current.list.rows[0]?.id).toBe(rows[1000].id));
    expect(result.current.list).toMatchObject({ partial: false, rowsCurrent: true });
    expect(result.current.list.rows).toHaveLength(1000);
  });

  it('fetches its own rows when nothing was asked for ahead', async () => {
    const { result } = setup('/list?name=item');
    await waitFor(() => expect(result.current.list.rows).toHaveLength(5));
    expect(calls).toEqual(['GET ?page=1&size=20&name=item']);
    expect(result.current.list.state.filters).toEqual({ name: 'item' });
  });

  it('sorts every row in the browser at once, puts the sort in the address, and the server answer follows', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(5));
    act(() => result.current.list.update({ sort: 'name' }));
    await waitFor(() => expect(result.current.location.search).toBe('?sort=name'));
    const names = result.current.list.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    await waitFor(() => expect(calls).toEqual(['GET ?page=1&size=20', 'GET ?page=1&size=20&sort=name']));
  });

  it('cycles a column ascending, descending, then none, back on the first page', async () => {
    rows = items(30);
    const { result } = setup('/list?page=2');
    await waitFor(() => expect(result.current.list.rows).toHaveLength(10));
    act(() => result.current.list.sortBy('name'));
    await waitFor(() => expect(result.current.location.search).toBe('?sort=name'));
    act(() => result.current.list.sortBy('name'));
    await waitFor(() => expect(result.current.location.search).toBe('?sort=-name'));
    act(() => result.current.list.sortBy('name'));
    await waitFor(() => expect(result.current.location.search).toBe(''));
    expect(result.current.list.state.sort).toBeNull();
  });

  it('asks for a page change once, before the address changes', async () => {
    rows = items(30);
    const { result } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(20));
    act(() => result.current.list.update({ page: 2 }));
    await waitFor(() => expect(result.current.list.rows).toHaveLength(10));
    expect(result.current.location.search).toBe('?page=2');
    expect(calls).toEqual(['GET ?page=1&size=20', 'GET ?page=2&size=20']);
  });

  it('deletes the selected rows, clears the selection and shows what is left', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(5));
    expect(result.current.list.selection.enabled).toBe(true);
    act(() => result.current.list.selection.set([1, 2]));
    let deleted = 0;
    await act(async () => {
      deleted = await result.current.list.bulkDelete();
    });
    expect(deleted).toBe(2);
    expect(result.current.list.selection.keys).toEqual([]);
    await waitFor(() => expect(result.current.list.rows.map((r) => r.id)).toEqual([3, 4, 5]));
  });

  it('reports a failed load without rows', async () => {
    server.use(
      http.get('*/open-platform/data/:page', () => HttpResponse.json({ status: 500, msg: 'database down', data: null }, { status: 500 })),
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.list.error?.message).toBe('database down'));
    expect(result.current.list.rows).toEqual([]);
  });
});
