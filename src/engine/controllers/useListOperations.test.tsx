import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CustomAction, PageSchema } from '../../shared/schema/types';
import { setupTestI18n } from '../../widgets/test-i18n';
import ops from '../../i18n/locales/en/ops.json';
import { useListOperations } from './useListOperations';
import { bundle } from './testPage';

const sent: { url: string; body: unknown }[] = [];
const server = setupServer(
  http.post('*/open-platform/data/:page/actions/:name', async ({ request, params }) => {
    sent.push({ url: `actions/${params.name}`, body: await request.json() });
    if (params.name === 'refused') return HttpResponse.json({ status: 409, msg: 'Nothing to recount', data: null }, { status: 409 });
    return HttpResponse.json({ status: 0, msg: 'success', data: { message: 'Recounted' } });
  }),
  http.post('*/open-platform/data/:page/bulk-actions/:name', async ({ request, params }) => {
    sent.push({ url: `bulk-actions/${params.name}`, body: await request.json() });
    return HttpResponse.json({ status: 0, msg: 'success', data: { succeeded: 2, failed: 0, results: [] } });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en', ops);
});
afterAll(() => server.close());
beforeEach(() => {
  sent.length = 0;
});

const recount: CustomAction = { name: 'recount', title: 'Recount', level: 'list', handler: 'recount' };
const refused: CustomAction = { name: 'refused', title: 'Refused', level: 'list', handler: 'refused' };
const price: CustomAction = {
  name: 'price',
  title: 'Set price',
  level: 'bulk',
  handler: 'price',
  fields: { price: { type: 'integer', title: 'Price' } },
};
const secret: CustomAction = { name: 'secret', title: 'Secret', level: 'list', handler: 'secret' };
const page: PageSchema = {
  ...bundle.page,
  actions: [recount, refused, price, secret],
  list: { ...bundle.page.list!, actions: ['import', 'recount', 'refused', 'secret'], bulkActions: ['price'] },
};

function setup(actions = ['*'], selected = [3, 4]) {
  const notify = { success: vi.fn(), error: vi.fn(), actionResult: vi.fn() };
  const onChanged = vi.fn();
  const hook = renderHook(() => useListOperations(page, actions, selected, notify, onChanged));
  return { ...hook, notify, onChanged };
}

describe('the list operations controller', () => {
  it("offers the schema's list and bulk actions the caller may run, and import to a caller who may create", () => {
    const all = setup();
    expect(all.result.current.listActions.map((a) => a.name)).toEqual(['recount', 'refused', 'secret']);
    expect(all.result.current.bulkActions.map((a) => a.name)).toEqual(['price']);
    expect(all.result.current.canImport).toBe(true);
    const some = setup(['read', 'action:recount']);
    expect(some.result.current.listActions.map((a) => a.name)).toEqual(['recount']);
    expect(some.result.current.bulkActions).toEqual([]);
    expect(some.result.current.canImport).toBe(false);
  });

  it('runs an action without fields at once and hands its answer to the notifier', async () => {
    const { result, notify, onChanged } = setup();
    act(() => result.current.start(recount, false));
    await vi.waitFor(() => expect(notify.actionResult).toHaveBeenCalledWith({ message: 'Recounted' }));
    expect(sent).toEqual([{ url: 'actions/recount', body: {} }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(result.current.dialog).toBeNull();
  });

  it("tells the server's refusal and changes nothing", async () => {
    const { result, notify, onChanged } = setup();
    act(() => result.current.start(refused, false));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Nothing to recount'));
    expect(notify.actionResult).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('opens the dialog of an action with fields, then sends them with the selected rows', async () => {
    const { result, notify, onChanged } = setup();
    act(() => result.current.start(price, true));
    expect(result.current.dialog).toEqual({ act: price, bulk: true });
    expect(sent).toEqual([]);
    await act(() => result.current.submit({ price: 120 }));
    expect(sent).toEqual([{ url: 'bulk-actions/price', body: { price: 120, ids: [3, 4] } }]);
    expect(notify.actionResult).toHaveBeenCalledWith({ succeeded: 2, failed: 0, results: [] });
    expect(onChanged).toHaveBeenCalledTimes(1);
    act(() => result.current.close());
    expect(result.current.dialog).toBeNull();
  });

  it('says how many rows an import brought in, and the list reloads', () => {
    const { result, notify, onChanged } = setup();
    act(() => result.current.openImport());
    expect(result.current.dialog).toBe('import');
    act(() => result.current.imported(12));
    expect(notify.success).toHaveBeenCalledWith('12 rows imported');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
