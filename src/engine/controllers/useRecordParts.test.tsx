import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import type { Relation, RelationGroup, RelationTrack } from '../../shared/schema/types';
import type { RouteEntry } from '../routes/buildRoutes';
import { TRACK_LIMIT, useChain, useHistory, useRelatedSummary, useTrackRows } from './useRecordParts';
import { bundle } from './testPage';

const routes: RouteEntry[] = [{ path: '/orders', name: 'orders', component: 'test/order/index', meta: { title: 'Orders' }, children: [] }];
vi.mock('../session/store', () => ({ useSession: () => ({ routes }) }));

const asked: string[] = [];
const answer = (data: unknown) => HttpResponse.json({ status: 0, msg: 'success', data });
const server = setupServer(
  http.get('*/open-platform/data/:page/:id/history', () =>
    answer([{ id: 1, action: 'update', username: 'admin', createdAt: '2026-01-01T00:00:00Z', before: { qty: 1 }, after: { qty: 2 } }]),
  ),
  http.get('*/open-platform/data/:page/:id/chain/:name', ({ params }) =>
    params.name === 'broken'
      ? HttpResponse.json({ status: 403, msg: 'No access to the chain', data: null }, { status: 403 })
      : answer({ steps: [], openFen: 1200 }),
  ),
  http.get('*/open-platform/data/:page/:id/related-summary/:name', () =>
    answer({ columns: [], lines: [{ page: 'test/order', count: 2 }] }),
  ),
  http.get('*/open-platform/data/:page', ({ request }) => {
    asked.push(new URL(request.url).search);
    return answer({ list: [{ id: 1 }], total: 1, totalCapped: false, page: 1, size: TRACK_LIMIT });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  asked.length = 0;
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

describe("the controllers of a record's parts", () => {
  it('loads the history', async () => {
    const { result } = renderHook(() => useHistory(bundle.page, '7'), { wrapper });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.entries).toHaveLength(1));
    expect(result.current.entries[0]).toMatchObject({ action: 'update', after: { qty: 2 } });
  });

  it('loads a chain with the list paths its numbers link to, or passes on the refusal', async () => {
    const ok = renderHook(() => useChain('test/item', 7, { name: 'flow', title: 'Flow', steps: [] }), { wrapper });
    await waitFor(() => expect(ok.result.current.data?.openFen).toBe(1200));
    expect(ok.result.current.paths.get('test/order')).toBe('/orders');
    const refused = renderHook(() => useChain('test/item', 7, { name: 'broken', title: 'Broken', steps: [] }), { wrapper });
    await waitFor(() => expect(refused.result.current.loadError).toBe('No access to the chain'));
  });

  it("loads a relation group's summary with the lock that holds its links to the record", async () => {
    const group: RelationGroup = { name: 'configs', title: 'Configs', field: 'customerCode', pages: ['test/order'] };
    const { result } = renderHook(() => useRelatedSummary('test/item', 7, 'C1001', group), { wrapper });
    await waitFor(() => expect(result.current.data?.lines).toHaveLength(1));
    expect(result.current.lock).toBe('?parent=C1001&parentField=customerCode');
    expect(result.current.loadError).toBeNull();
  });

  it("asks for a track's latest points, newest first, within the parent", async () => {
    const relation: Relation & { track: RelationTrack } = {
      name: 'track',
      page: 'test/item',
      field: 'waybillNo',
      track: { lng: 'lng', lat: 'lat', time: 'fixedAt' },
    };
    const { result } = renderHook(() => useTrackRows(bundle, relation, 'W1'), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(asked).toEqual([`?page=1&size=${TRACK_LIMIT}&sort=-fixedAt&parent=W1&parentField=waybillNo`]);
    expect(result.current.total).toBe(1);
  });
});
