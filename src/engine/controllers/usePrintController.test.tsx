import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { PageBundle } from '../data/pageApi';
import { setupTestI18n } from '../../widgets/test-i18n';
import { usePrintController } from './usePrintController';
import { bundle as base } from './testPage';

const bundle: PageBundle = {
  ...base,
  page: { ...base.page, print: { title: 'Item slip', sections: [{ title: 'Slip', fields: ['name', 'qty', 'notAField'] }] } },
};
let record: Record<string, unknown> | null = { id: 7, version: 1, name: 'crate', qty: 4 };
const server = setupServer(
  http.get('*/open-platform/schemas/:page', () => HttpResponse.json({ status: 0, msg: 'success', data: bundle })),
  http.get('*/open-platform/data/:page/:id', () =>
    record
      ? HttpResponse.json({ status: 0, msg: 'success', data: record })
      : HttpResponse.json({ status: 404, msg: 'No such record', data: null }, { status: 404 }),
  ),
);

const print = vi.fn();
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en');
  window.print = print;
});
afterAll(() => server.close());
beforeEach(() => {
  record = { id: 7, version: 1, name: 'crate', qty: 4 };
  print.mockClear();
  window.location.hash = '';
});

function setup() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/print/test/item/7']}>{children}</MemoryRouter>
    </SWRConfig>
  );
  return renderHook(() => usePrintController(), { wrapper });
}

describe('the print controller', () => {
  it("loads the page's schema and the record, lists the print sections' readable fields, and opens the print dialog", async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.record).toMatchObject({ id: 7, name: 'crate' }));
    expect(result.current.page?.id).toBe('test/item');
    expect(result.current.sections).toEqual([{ title: 'Slip', fields: ['name', 'qty'] }]);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('leaves the print dialog closed when the address says auto=0', async () => {
    window.location.hash = '#/print/test/item/7?auto=0';
    const { result } = setup();
    await waitFor(() => expect(result.current.record).not.toBeNull());
    await new Promise((r) => setTimeout(r, 400));
    expect(print).not.toHaveBeenCalled();
  });

  it('passes on the server message when the record cannot be read, and prints nothing', async () => {
    record = null;
    const { result } = setup();
    await waitFor(() => expect(result.current.loadError).toBe('No such record'));
    expect(result.current.record).toBeNull();
    expect(print).not.toHaveBeenCalled();
  });
});
