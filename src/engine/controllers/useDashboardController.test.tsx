import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import type { PageBundle } from '../data/pageApi';
import { useDashboardController } from './useDashboardController';
import { bundle as source } from './testPage';

let answers: ({ status: number; msg: string; data: unknown } | 'down')[] = [];
let calls = 0;
const server = setupServer(
  http.get('*/open-platform/data/:page/dashboard', () => {
    calls++;
    const next = answers.shift() ?? 'down';
    return next === 'down'
      ? HttpResponse.json({ status: 500, msg: 'database down', data: null }, { status: 500 })
      : HttpResponse.json(next);
  }),
);
const figures = (count: number) => ({
  status: 0,
  msg: 'success',
  data: { figures: { count }, charts: { byName: [{ key: 'a', n: count }] } },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  answers = [];
  calls = 0;
});

const dashboard: PageBundle = {
  page: {
    id: 'test/itemDashboard',
    kind: 'dashboard',
    title: 'Items at a glance',
    dashboard: {
      source: 'test/item',
      figures: [{ name: 'count', title: 'Items', op: 'count' }],
      charts: [{ name: 'byName', title: 'By name', type: 'bar', groupBy: 'name', measures: [{ name: 'n', title: 'Items', op: 'count' }] }],
    },
  },
  source: source.page,
  messages: {},
  actions: ['read'],
};

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
);

describe('the dashboard controller', () => {
  it('loads the figures and charts the server computed', async () => {
    answers = [figures(5)];
    const { result } = renderHook(() => useDashboardController(dashboard), { wrapper });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data?.figures).toEqual({ count: 5 }));
    expect(result.current.data?.charts.byName).toEqual([{ key: 'a', n: 5 }]);
    expect(result.current.spec.charts[0].name).toBe('byName');
    expect(result.current.loadError).toBeNull();
  });

  it('reports a failed first load, and a retry shows the figures', async () => {
    answers = ['down', figures(3)];
    const { result } = renderHook(() => useDashboardController(dashboard), { wrapper });
    await waitFor(() => expect(result.current.loadError).toBe('database down'));
    expect(result.current.data).toBeNull();
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.data?.figures).toEqual({ count: 3 }));
    expect(result.current.loadError).toBeNull();
    expect(calls).toBe(2);
  });

  it('keeps the figures shown when a later refresh fails', async () => {
    answers = [figures(7), 'down'];
    const { result } = renderHook(() => useDashboardController(dashboard), { wrapper });
    await waitFor(() => expect(result.current.data?.figures).toEqual({ count: 7 }));
    act(() => result.current.retry());
    await waitFor(() => expect(calls).toBe(2));
    // Give the failed answer time to land before looking.
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.loadError).toBeNull();
    expect(result.current.data?.figures).toEqual({ count: 7 });
  });
});
