import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ImportReport } from '../data/opsApi';
import { useImportController } from './useImportController';
import { bundle } from './testPage';

const dryRuns: boolean[] = [];
let check: ImportReport = { rows: 2, valid: 2, errors: [] };
let refusal: { status: number; msg: string; data: unknown } | null = null;
const server = setupServer(
  http.post('*/open-platform/data/:page/import', ({ request }) => {
    const dryRun = new URL(request.url).searchParams.get('dryRun') === '1';
    dryRuns.push(dryRun);
    if (refusal) return HttpResponse.json(refusal, { status: refusal.status });
    return HttpResponse.json({ status: 0, msg: 'success', data: dryRun ? check : { ...check, imported: check.valid } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  dryRuns.length = 0;
  check = { rows: 2, valid: 2, errors: [] };
  refusal = null;
});

const file = () => new File(['name,qty\ncrate,1\nbarrel,2\n'], 'items.csv', { type: 'text/csv' });

function setup() {
  const onImported = vi.fn();
  const onClose = vi.fn();
  const hook = renderHook(() => useImportController(bundle.page, onImported, onClose));
  return { ...hook, onImported, onClose };
}

describe('the import controller', () => {
  it('checks the file first, and imports only a clean one', async () => {
    const { result, onImported, onClose } = setup();
    await act(() => result.current.check());
    expect(dryRuns).toEqual([]);
    act(() => result.current.pick(file()));
    await act(() => result.current.check());
    expect(dryRuns).toEqual([true]);
    expect(result.current).toMatchObject({ phase: 'checked', clean: true, report: { rows: 2, valid: 2 } });
    await act(() => result.current.commit());
    expect(dryRuns).toEqual([true, false]);
    expect(onImported).toHaveBeenCalledWith(2);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows a check's problems by row and field, and the file is not clean", async () => {
    check = { rows: 2, valid: 1, errors: [{ row: 3, field: 'qty', msg: 'must be ≥ 0' }] };
    const { result } = setup();
    act(() => result.current.pick(file()));
    await act(() => result.current.check());
    expect(result.current).toMatchObject({ phase: 'checked', clean: false });
    expect(result.current.report?.errors).toEqual([{ row: 3, field: 'qty', msg: 'must be ≥ 0' }]);
  });

  it("keeps a refusal's report, and goes back to picking on one without", async () => {
    const { result, onImported } = setup();
    act(() => result.current.pick(file()));
    refusal = {
      status: 400,
      msg: 'The file has problems',
      data: { rows: 1, valid: 0, errors: [{ row: 2, field: 'name', msg: 'required' }] },
    };
    await act(() => result.current.check());
    expect(result.current).toMatchObject({ phase: 'checked', error: 'The file has problems', clean: false });
    expect(result.current.report?.errors).toHaveLength(1);
    refusal = { status: 413, msg: 'The file is too large', data: null };
    await act(() => result.current.check());
    expect(result.current).toMatchObject({ phase: 'pick', error: 'The file is too large' });
    expect(onImported).not.toHaveBeenCalled();
  });

  it('forgets the report when the file is replaced or removed', async () => {
    const { result } = setup();
    act(() => result.current.pick(file()));
    await act(() => result.current.check());
    expect(result.current.report).not.toBeNull();
    act(() => result.current.drop());
    expect(result.current).toMatchObject({ file: null, report: null, phase: 'pick', clean: false });
  });
});
