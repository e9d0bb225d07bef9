import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import type { Field } from '@formily/core';
import { useFormController } from './useFormController';
import { bundle } from './testPage';

let stored = { id: 7, version: 3, name: 'crate', qty: 4 };
const sent: unknown[] = [];
const server = setupServer(
  http.get('*/open-platform/data/:page/:id', () => HttpResponse.json({ status: 0, msg: 'success', data: stored })),
  http.put('*/open-platform/data/:page/:id', async ({ request }) => {
    const body = (await request.json()) as { version: number };
    sent.push(body);
    if (body.version !== stored.version)
      return HttpResponse.json({ status: 409, msg: 'stale', data: { current: stored } }, { status: 409 });
    stored = { ...stored, ...body, version: stored.version + 1 };
    return HttpResponse.json({ status: 0, msg: 'success', data: stored });
  }),
  http.post('*/open-platform/data/:page', async ({ request }) => {
    sent.push(await request.json());
    return HttpResponse.json({ status: 400, msg: 'Name is taken', data: { fieldErrors: { name: 'Name is taken' } } }, { status: 400 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  stored = { id: 7, version: 3, name: 'crate', qty: 4 };
  sent.length = 0;
});

const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;

describe('the form controller', () => {
  it('loads the record into the form and saves it with the version it was loaded at', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useFormController(bundle, '7', onSaved), { wrapper });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.form.values).toMatchObject({ name: 'crate', qty: 4 }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.form.setValuesIn('qty', 9));
    expect(result.current.dirty).toBe(true);
    await act(() => result.current.submit());
    expect(sent).toEqual([expect.objectContaining({ name: 'crate', qty: 9, version: 3 })]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7, qty: 9, version: 4 }));
    expect(result.current.dirty).toBe(false);
  });

  it('sends a double click once, and nothing after the record is saved', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useFormController(bundle, '7', onSaved), { wrapper });
    await waitFor(() => expect(result.current.form.values).toMatchObject({ name: 'crate' }));
    act(() => result.current.form.setValuesIn('qty', 9));
    await act(() => Promise.all([result.current.submit(), result.current.submit()]));
    expect(sent).toHaveLength(1);
    expect(result.current.saved).toBe(true);
    await act(() => result.current.submit());
    expect(sent).toHaveLength(1);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('on a stale version, holds both sides and saves mine over theirs only when asked', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useFormController(bundle, '7', onSaved), { wrapper });
    await waitFor(() => expect(result.current.record).not.toBeNull());
    stored = { ...stored, name: 'barrel', version: 4 }; // someone else saved meanwhile
    act(() => result.current.form.setValuesIn('qty', 1));
    await act(() => result.current.submit());
    expect(onSaved).not.toHaveBeenCalled();
    expect(result.current.stale?.theirs).toMatchObject({ name: 'barrel', version: 4 });
    await act(async () => result.current.keepMine());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent.at(-1)).toMatchObject({ qty: 1, version: 4 });
    expect(result.current.stale).toBeNull();
  });

  it('reloading after a conflict replaces the edits with the stored record', async () => {
    const { result } = renderHook(() => useFormController(bundle, '7', vi.fn()), { wrapper });
    await waitFor(() => expect(result.current.record).not.toBeNull());
    act(() => result.current.form.setValuesIn('name', 'mine'));
    stored = { ...stored, name: 'theirs', version: 5 };
    await act(() => result.current.reload());
    expect(result.current.form.values.name).toBe('theirs');
    expect(result.current.dirty).toBe(false);
  });

  it('creates from the defaults and passes on a server refusal', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useFormController(bundle, undefined, onSaved), { wrapper });
    expect(result.current.mode).toBe('create');
    expect(result.current.allowed).toBe(true);
    act(() => result.current.form.setValuesIn('name', 'crate'));
    await act(() => result.current.submit());
    expect(sent).toEqual([{ name: 'crate' }]);
    expect(result.current.failure).toEqual({ message: 'Name is taken', translate: false });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('clears a server field error once the field changes, and the next Save sends again', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useFormController(bundle, undefined, onSaved), { wrapper });
    // The fields a drawn form would have.
    act(() => {
      result.current.form.createField({ name: 'name' });
      result.current.form.createField({ name: 'qty' });
    });
    act(() => result.current.form.setValuesIn('name', 'crate'));
    await act(() => result.current.submit());
    expect((result.current.form.query('name').take() as Field).selfErrors).toEqual(['Name is taken']);
    expect(result.current.failure).toEqual({ message: 'engine.form.fixErrors', translate: true });
    // Another field's change leaves it; its own change clears it.
    act(() => result.current.form.setValuesIn('qty', 2));
    expect((result.current.form.query('name').take() as Field).selfErrors).toEqual(['Name is taken']);
    act(() => result.current.form.setValuesIn('name', 'crate 2'));
    expect((result.current.form.query('name').take() as Field).selfErrors).toEqual([]);
    await act(() => result.current.submit());
    expect(sent).toEqual([{ name: 'crate' }, { name: 'crate 2', qty: 2 }]);
  });

  it('says when the user may not save', () => {
    const { result } = renderHook(() => useFormController({ ...bundle, actions: ['read'] }, '7', vi.fn()), { wrapper });
    expect(result.current.allowed).toBe(false);
  });
});
