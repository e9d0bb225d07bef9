import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig, useSWRConfig } from 'swr';
import type { Field } from '@formily/core';
import type { PageBundle } from '../data/pageApi';
import { setupTestI18n } from '../../widgets/test-i18n';
import en from '../../i18n/locales/en/engine.json';
import { useSettingsController } from './useSettingsController';
import { bundle as crud } from './testPage';

const bundle: PageBundle = { ...crud, page: { ...crud.page, kind: 'settings' } };
type Stored = { id: number; version: number; name: string; qty: number; partyCode: string };
/** The settings record of each organisation; C1001 is the caller's own. */
let stored: Record<string, Stored | null> = {};
const sent: { method: string; body: unknown }[] = [];
let refuse: { status: number; msg: string; data: unknown } | null = null;
const server = setupServer(
  http.get('*/open-platform/data/:page/current', ({ request }) => {
    const party = new URL(request.url).searchParams.get('partyCode') ?? 'C1001';
    return HttpResponse.json({ status: 0, msg: 'success', data: { partyCode: party, record: stored[party] ?? null } });
  }),
  http.put('*/open-platform/data/:page/:id', async ({ request }) => {
    const body = (await request.json()) as Partial<Stored>;
    sent.push({ method: 'PUT', body });
    if (refuse) return HttpResponse.json(refuse, { status: refuse.status });
    const party = Object.keys(stored).find((p) => stored[p]?.id === 1)!;
    stored[party] = { ...stored[party]!, ...body, version: stored[party]!.version + 1 };
    return HttpResponse.json({ status: 0, msg: 'success', data: stored[party] });
  }),
  http.post('*/open-platform/data/:page', async ({ request }) => {
    const body = (await request.json()) as Stored;
    sent.push({ method: 'POST', body });
    if (refuse) return HttpResponse.json(refuse, { status: refuse.status });
    stored[body.partyCode] = { ...body, id: 2, version: 1 };
    return HttpResponse.json({ status: 0, msg: 'success', data: stored[body.partyCode] });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en', en);
});
afterAll(() => server.close());
beforeEach(() => {
  stored = { C1001: { id: 1, version: 3, name: 'crate', qty: 4, partyCode: 'C1001' } };
  sent.length = 0;
  refuse = null;
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

function setup(b: PageBundle = bundle) {
  const notify = { success: vi.fn(), error: vi.fn() };
  const hook = renderHook(() => useSettingsController(b, notify), { wrapper });
  // The fields a drawn form would have.
  const draw = () =>
    act(() => {
      hook.result.current.form.createField({ name: 'name' });
      hook.result.current.form.createField({ name: 'qty' });
    });
  return { ...hook, notify, draw };
}

describe('the settings controller', () => {
  it("loads the caller's organisation's record and saves it with its version", async () => {
    const { result, notify } = setup();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.form.values).toMatchObject({ name: 'crate', qty: 4 }));
    expect(result.current).toMatchObject({ party: 'C1001', exists: true, mode: 'update', editable: true, dirty: false });
    act(() => result.current.form.setValuesIn('qty', 9));
    expect(result.current.dirty).toBe(true);
    await act(() => result.current.save());
    expect(sent).toEqual([{ method: 'PUT', body: expect.objectContaining({ name: 'crate', qty: 9, version: 3 }) }]);
    expect(notify.success).toHaveBeenCalledWith('Saved');
    expect(result.current.dirty).toBe(false);
    expect(result.current.failure).toBeNull();
  });

  it('shows another organisation when platform staff pick it, and creates its record on the first save', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.exists).toBe(true));
    act(() => result.current.setParty('C1002'));
    await waitFor(() => expect(result.current.party).toBe('C1002'));
    await waitFor(() => expect(result.current.exists).toBe(false));
    expect(result.current.mode).toBe('create');
    act(() => result.current.form.setValuesIn('name', 'barrel'));
    await act(() => result.current.save());
    expect(sent).toEqual([{ method: 'POST', body: expect.objectContaining({ name: 'barrel', partyCode: 'C1002' }) }]);
    await waitFor(() => expect(result.current.exists).toBe(true));
  });

  it("puts the server's field errors on their fields and keeps the edits", async () => {
    const { result, notify, draw } = setup();
    await waitFor(() => expect(result.current.exists).toBe(true));
    draw();
    refuse = { status: 400, msg: 'Invalid', data: { fieldErrors: { name: 'Name is taken' } } };
    act(() => result.current.form.setValuesIn('name', 'taken'));
    await act(() => result.current.save());
    expect((result.current.form.query('name').take() as Field).selfErrors).toEqual(['Name is taken']);
    expect(result.current.failure).toBeNull();
    expect(result.current.dirty).toBe(true);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says the settings changed meanwhile on a stale version, and passes on any other refusal', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.exists).toBe(true));
    refuse = { status: 409, msg: 'stale', data: null };
    await act(() => result.current.save());
    expect(result.current.failure).toEqual({ message: 'engine.settings.stale', translate: true });
    refuse = { status: 403, msg: 'Not allowed here', data: null };
    await act(() => result.current.save());
    expect(result.current.failure).toEqual({ message: 'Not allowed here', translate: false });
  });

  it("keeps what the user typed when a revalidation brings someone else's save, and saves against the version shown", async () => {
    const notify = { success: vi.fn(), error: vi.fn() };
    const { result } = renderHook(() => ({ ctl: useSettingsController(bundle, notify), swr: useSWRConfig() }), { wrapper });
    await waitFor(() => expect(result.current.ctl.exists).toBe(true));
    const revalidate = () => act(async () => void (await result.current.swr.mutate(['settings', bundle.page.id, ''])));
    // Untouched, the form follows the server.
    stored.C1001 = { ...stored.C1001!, name: 'fresh', version: 4 };
    await revalidate();
    expect(result.current.ctl.form.values).toMatchObject({ name: 'fresh', qty: 4 });
    act(() => result.current.ctl.form.setValuesIn('qty', 9));
    // Someone else saves; a revalidation (focus, another tab's save) brings it while the user types.
    stored.C1001 = { ...stored.C1001!, name: 'theirs', version: 5 };
    await revalidate();
    expect(result.current.ctl.form.values).toMatchObject({ name: 'fresh', qty: 9 });
    await act(() => result.current.ctl.save());
    // The save names the version the form was filled from, so a server that checks it answers with the conflict.
    expect(sent).toEqual([{ method: 'PUT', body: expect.objectContaining({ name: 'fresh', qty: 9, version: 4 }) }]);
  });

  it('sends nothing while the form is invalid', async () => {
    const { result, draw } = setup();
    await waitFor(() => expect(result.current.exists).toBe(true));
    draw();
    act(() => (result.current.form.query('name').take() as Field).setValidator({ required: true }));
    act(() => result.current.form.setValuesIn('name', ''));
    await act(() => result.current.save());
    expect(sent).toEqual([]);
  });

  it('does not let a caller who may only read save', async () => {
    const { result } = setup({ ...bundle, actions: ['read'] });
    await waitFor(() => expect(result.current.exists).toBe(true));
    expect(result.current.editable).toBe(false);
  });

  it('reports a failed load', async () => {
    server.use(
      http.get('*/open-platform/data/:page/current', () =>
        HttpResponse.json({ status: 500, msg: 'database down', data: null }, { status: 500 }),
      ),
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.loadError).toBe('database down'));
  });
});
