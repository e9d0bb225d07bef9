import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Transition } from '../../shared/schema/types';
import type { PageBundle } from '../data/pageApi';
import type { ApiError } from '../../client/envelope';
import type { RouteEntry } from '../routes/buildRoutes';
import { setNotifier } from '../../client/notifier';
import { setupTestI18n } from '../../widgets/test-i18n';
import en from '../../i18n/locales/en/engine.json';
import { useListController } from './useListController';
import { useListCommands } from './useListCommands';
import { bundle as base, items } from './testPage';

// The caller's menu has the child page's list (relation navigation looks its path up there).
const routes: RouteEntry[] = [
  { path: '/orders/lines', name: 'lines', component: 'test/line/index', meta: { title: 'Lines' }, children: [] },
];
vi.mock('../session/store', () => ({ useSession: () => ({ routes }) }));

const calls: string[] = [];
let rows = items(3);
const server = setupServer(
  http.get('*/open-platform/data/:page', ({ request }) => {
    calls.push(`GET ${new URL(request.url).search}`);
    return HttpResponse.json({
      status: 0,
      msg: 'success',
      data: { list: rows, total: rows.length, totalCapped: false, page: 1, size: 20 },
    });
  }),
  http.delete('*/open-platform/data/:page/:id', ({ params }) => {
    calls.push(`DELETE ${params.id}`);
    if (params.id === '2') return HttpResponse.json({ status: 409, msg: 'Still in use by 3 orders', data: null }, { status: 409 });
    rows = rows.filter((r) => String(r.id) !== params.id);
    return HttpResponse.json({ status: 0, msg: 'success', data: { deleted: 1 } });
  }),
  http.post('*/open-platform/data/:page/:id/transitions/:name', async ({ params, request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push(`TRANSITION ${params.id} ${params.name} ${JSON.stringify(body)}`);
    if (!body.reason)
      return HttpResponse.json({ status: 400, msg: 'Invalid', data: { fieldErrors: { reason: 'Required' } } }, { status: 400 });
    return HttpResponse.json({ status: 0, msg: 'success', data: { id: Number(params.id), status: 'closed' } });
  }),
  http.post('*/open-platform/data/:page/:id/actions/:name', async ({ params }) => {
    calls.push(`ACTION ${params.id} ${params.name}`);
    return HttpResponse.json({ status: 0, msg: 'success', data: { message: 'Sent' } });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en', en);
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  rows = items(3);
});

const bundle: PageBundle = {
  ...base,
  page: {
    ...base.page,
    relations: [{ name: 'lines', page: 'test/line', field: 'itemId' }],
    actions: [{ name: 'notify', title: 'Notify', level: 'row', handler: 'notify' }],
  },
};
const close: Transition = { name: 'close', title: 'Close', from: ['open'], to: 'closed', form: ['reason'], required: ['reason'] };

function setup(path = '/items') {
  const notify = { success: vi.fn(), error: vi.fn(), actionResult: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </SWRConfig>
  );
  const hook = renderHook(
    () => {
      const list = useListController(bundle);
      return { list, commands: useListCommands(bundle, list, '/items', notify), location: useLocation() };
    },
    { wrapper },
  );
  return { ...hook, notify };
}
const where = (l: { pathname: string; search: string }) => `${l.pathname}${l.search}`;

describe('the list commands', () => {
  it('deletes a row, says so and shows what is left', async () => {
    const { result, notify } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(3));
    await act(() => result.current.commands.remove(rows[0]));
    expect(notify.success).toHaveBeenCalledWith('Deleted');
    await waitFor(() => expect(result.current.list.rows.map((r) => r.id)).toEqual([2, 3]));
  });

  it("tells the server's refusal of a delete once, as it was sent, and keeps the row", async () => {
    const requestLayer = { error: vi.fn(), confirmRelogin: async () => false };
    setNotifier(requestLayer);
    const { result, notify } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(3));
    await act(() => result.current.commands.remove(rows[1]));
    expect(notify.error).toHaveBeenCalledWith('Still in use by 3 orders');
    expect(notify.error).toHaveBeenCalledTimes(1);
    // The request layer leaves the message to the list: one toast, not two.
    expect(requestLayer.error).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
    expect(result.current.list.rows).toHaveLength(3);
  });

  it('opens records, a new one and a related list, keeping a lock to the parent', async () => {
    const { result } = setup('/items?parent=O1&parentField=orderNo');
    await waitFor(() => expect(result.current.list.rows).toHaveLength(3));
    act(() => result.current.commands.open('detail', rows[2]));
    expect(where(result.current.location)).toBe('/items/detail/3?parent=O1&parentField=orderNo');
    act(() => result.current.commands.create());
    expect(where(result.current.location)).toBe('/items/add?parent=O1&parentField=orderNo');
    act(() => result.current.commands.openRelation(bundle.page.relations![0], rows[0]));
    expect(where(result.current.location)).toBe('/orders/lines?parent=1&parentField=itemId');
  });

  it('runs a transition from its dialog with the row version, says so and reloads the rows', async () => {
    const { result, notify } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(3));
    act(() => result.current.commands.openTransition(close, rows[0]));
    expect(result.current.commands.dialog).toMatchObject({ kind: 'transition', record: { id: 1 } });
    // A refusal goes back to the dialog (which puts it on its fields); nothing is told or reloaded.
    let refusal: ApiError | undefined;
    await act(() => result.current.commands.submitDialog({}).catch((e: ApiError) => void (refusal = e)));
    expect(refusal?.fieldErrors).toEqual({ reason: 'Required' });
    expect(notify.success).not.toHaveBeenCalled();
    await act(() => result.current.commands.submitDialog({ reason: 'done' }));
    expect(notify.success).toHaveBeenCalledWith('Done');
    await waitFor(() => expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(2));
    expect(calls).toContain('TRANSITION 1 close {"reason":"done","version":1}');
    act(() => result.current.commands.closeDialog());
    expect(result.current.commands.dialog).toBeNull();
  });

  it("hands a custom action's answer to the notifier and reloads the rows", async () => {
    const { result, notify } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(3));
    act(() => result.current.commands.openAction(bundle.page.actions![0], rows[1]));
    await act(() => result.current.commands.submitDialog({}));
    expect(calls).toContain('ACTION 2 notify');
    expect(notify.actionResult).toHaveBeenCalledWith({ message: 'Sent' });
    await waitFor(() => expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(2));
  });
});
