import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { PageBundle } from '../data/pageApi';
import { useReportController } from './useReportController';
import { bundle as source } from './testPage';

const asked: string[] = [];
const server = setupServer(
  http.get('*/open-platform/data/:page/report', ({ request }) => {
    const search = new URL(request.url).search;
    asked.push(search);
    // The server's grouping, reduced to what the filter changes: fewer groups for a narrower filter.
    const groups = search.includes('name=')
      ? [{ key: 'a', total: 300 }]
      : [
          { key: 'a', total: 500 },
          { key: null, total: 20 },
        ];
    return HttpResponse.json({ status: 0, msg: 'success', data: groups });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  asked.length = 0;
});

const report: PageBundle = {
  page: {
    id: 'test/itemReport',
    kind: 'report',
    title: 'By name',
    report: {
      source: 'test/item',
      groupBy: 'name',
      measures: [{ name: 'total', title: 'Total', op: 'sum', field: 'qty' }],
      chart: 'bar',
      filters: ['name'],
    },
  },
  source: source.page,
  messages: {},
  actions: ['read'],
};

function setup(path = '/report') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </SWRConfig>
  );
  return renderHook(() => ({ report: useReportController(report), location: useLocation() }), { wrapper });
}

describe('the report controller', () => {
  it("loads the groups, with the source page's field to label them and its filters", async () => {
    const { result } = setup();
    expect(result.current.report.loading).toBe(true);
    await waitFor(() => expect(result.current.report.groups).toHaveLength(2));
    expect(asked).toEqual(['']);
    expect(result.current.report.groupField?.title).toBe('Name');
    expect(result.current.report.filterPage?.list).toEqual({ columns: ['name'], filters: ['name'] });
    expect(result.current.report.loadError).toBeNull();
  });

  it('asks again when the filters change, and keeps them in the address', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.report.groups).toHaveLength(2));
    act(() => result.current.report.setFilters({ name: 'a' }));
    await waitFor(() => expect(result.current.report.groups).toEqual([{ key: 'a', total: 300 }]));
    expect(result.current.location.search).toBe('?name=a');
    expect(asked).toEqual(['', '?name=a']);
  });

  it('takes its filters from the address, dropping those the report does not offer', async () => {
    const { result } = setup('/report?name=a&qty=3');
    await waitFor(() => expect(result.current.report.groups).toHaveLength(1));
    expect(result.current.report.filters).toEqual({ name: 'a' });
    expect(asked).toEqual(['?name=a']);
  });

  it('passes on the server message when the report cannot be computed', async () => {
    server.use(
      http.get('*/open-platform/data/:page/report', () =>
        HttpResponse.json({ status: 403, msg: 'No access', data: null }, { status: 403 }),
      ),
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.report.loadError).toBe('No access'));
    expect(result.current.report.groups).toEqual([]);
  });
});
