import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { FormPage } from './FormPage';
import { setupTestI18n } from '../../widgets/test-i18n';
import type { PageBundle } from '../data/pageApi';
import type { FormLock } from '../controllers/useFormController';

const submit = vi.fn();
let lastLock: FormLock | undefined;
let partyKind: 'platform' | 'customer' = 'platform';

vi.mock('../controllers/useFormController', () => ({
  useFormController: (_b: unknown, _id: unknown, _s: unknown, lock: FormLock) => {
    lastLock = lock;
    return {
      form: {},
      mode: 'create',
      allowed: true,
      record: null,
      loading: false,
      loadError: null,
      editable: true,
      dirty: false,
      busy: false,
      failure: null,
      saved: false,
      clearFailure: () => undefined,
      submit,
      reload: () => undefined,
      stale: null,
    };
  },
}));
vi.mock('../session/store', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  useSession: () => ({ info: { party: { code: partyKind === 'platform' ? 'P0001' : 'C1001', name: 'Me', kind: partyKind } } }),
}));
vi.mock('./SchemaForm', () => ({ SchemaForm: () => null }));
vi.mock('./LockedBar', async (original) => ({ ...(await original<Record<string, unknown>>()), LockedBar: () => null }));
vi.mock('../../widgets/RefSelect', () => ({
  default: ({ value, onChange, 'data-testid': testId }: { value?: string; onChange: (v: unknown) => void; 'data-testid'?: string }) => (
    <select data-testid={testId} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">-</option>
      <option value="P0001">P0001</option>
      <option value="C1002">C1002</option>
    </select>
  ),
}));

beforeAll(() =>
  setupTestI18n('en', {
    engine: {
      form: { save: 'Save', partyRequired: 'Choose the organisation', partyPlaceholder: 'Organisation' },
      settings: { organisation: 'Organisation' },
      view: { add: 'Add' },
    },
    common: { cancel: 'Cancel' },
  }),
);
beforeEach(() => {
  submit.mockClear();
  lastLock = undefined;
});

const bundle = {
  page: {
    id: 'shop/stock',
    kind: 'crud',
    title: 'Stock',
    resource: { table: 't', scope: 'party', label: 'sku' },
    model: { type: 'object', properties: { sku: { type: 'string', title: 'SKU' } } },
    list: { columns: ['sku'] },
  },
  actions: ['*'],
} as unknown as PageBundle;

const show = () =>
  render(
    <MemoryRouter>
      <App>
        <FormPage bundle={bundle} basePath="/shop/stock" />
      </App>
    </MemoryRouter>,
  );

describe('the organisation of a new record on a party-scoped page', () => {
  it('is chosen by platform staff: their own until changed, never none', () => {
    partyKind = 'platform';
    show();
    const picker = screen.getByTestId('party-picker') as HTMLSelectElement;
    expect(picker.value).toBe('P0001');
    expect(lastLock?.owner).toEqual({ partyCode: 'P0001' });
    fireEvent.change(picker, { target: { value: 'C1002' } });
    expect(lastLock?.owner).toEqual({ partyCode: 'C1002' });
    fireEvent.change(picker, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Choose the organisation');
    fireEvent.change(picker, { target: { value: 'C1002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('is never offered to a customer, whose own organisation the server uses', () => {
    partyKind = 'customer';
    show();
    expect(screen.queryByTestId('party-picker')).toBeNull();
    expect(lastLock?.owner).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
