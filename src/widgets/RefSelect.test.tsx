import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import RefSelect from './RefSelect';
import { resetRefLabelsForTests } from './refOptions';
import { setupTestI18n } from './test-i18n';

const customers = [
  { value: 1, label: '华东智运物流有限公司' },
  { value: 2, label: '西南通达供应链有限公司' },
  { value: 3, label: '华北快运有限公司' },
];
const roles = [
  { value: 'SUPER_ADMIN', label: '超级管理员' },
  { value: 'PLAT_ADMIN', label: '平台管理员' },
  { value: 'STAFF', label: '平台员工' },
];

const calls: string[] = [];
const server = setupServer(
  http.get('*/open-platform/data/:page/options', ({ request, params }) => {
    const url = new URL(request.url);
    calls.push(`${decodeURIComponent(String(params.page))}?${url.searchParams.toString()}`);
    const rows = params.page === 'platformUser/roleManage' ? roles : customers;
    const ids = url.searchParams.get('ids');
    const q = url.searchParams.get('q') ?? '';
    const data = ids !== null ? rows.filter((r) => ids.split(',').includes(String(r.value))) : rows.filter((r) => r.label.includes(q));
    return HttpResponse.json({ status: 0, msg: 'success', data });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en');
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  resetRefLabelsForTests();
});
afterEach(() => server.resetHandlers());

function Harness({
  spy,
  initial,
  multiple,
  refPage,
}: {
  spy: (v: unknown) => void;
  initial: unknown;
  multiple?: boolean;
  refPage: string;
}) {
  const [value, setValue] = useState(initial as never);
  return (
    <RefSelect
      refPage={refPage}
      multiple={multiple}
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v as never);
      }}
    />
  );
}

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((n) => n.textContent);

describe('RefSelect', () => {
  it('shows the label of the current numeric value, fetched by ids', async () => {
    render(<RefSelect refPage="customerManage/customer" value={2} />);
    expect(await screen.findByText('西南通达供应链有限公司')).toBeInTheDocument();
    expect(calls).toEqual(['customerManage/customer?ids=2']);
  });

  it('searches as you type with one debounced call and stores the chosen key', async () => {
    const spy = vi.fn();
    render(<Harness refPage="customerManage/customer" initial={null} spy={spy} />);
    const input = screen.getByRole('combobox');
    await userEvent.click(input);
    await waitFor(() => expect(optionTexts()).toHaveLength(3));
    calls.length = 0;
    await userEvent.type(input, '华北');
    await waitFor(() => expect(optionTexts()).toEqual(['华北快运有限公司']));
    expect(calls).toEqual([`customerManage/customer?q=${encodeURIComponent('华北')}`]);
    fireEvent.click(screen.getByText('华北快运有限公司'));
    expect(spy).toHaveBeenLastCalledWith(3);
  });

  it('says so when nothing matches', async () => {
    render(<Harness refPage="customerManage/customer" initial={null} spy={vi.fn()} />);
    const input = screen.getByRole('combobox');
    await userEvent.click(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('No matching options')).toBeInTheDocument();
  });

  it('shows an error state when the options cannot be loaded', async () => {
    server.use(
      http.get('*/open-platform/data/:page/options', () =>
        HttpResponse.json({ status: 403, msg: 'forbidden', data: null }, { status: 403 }),
      ),
    );
    render(<Harness refPage="customerManage/customer" initial={null} spy={vi.fn()} />);
    await userEvent.click(screen.getByRole('combobox'));
    expect(await screen.findByText('Could not load the options')).toBeInTheDocument();
  });

  it('handles several string keys, batching their labels into one call', async () => {
    const spy = vi.fn();
    render(<Harness refPage="platformUser/roleManage" multiple initial={['SUPER_ADMIN', 'STAFF']} spy={spy} />);
    expect(await screen.findByText('超级管理员')).toBeInTheDocument();
    expect(screen.getByText('平台员工')).toBeInTheDocument();
    expect(calls).toEqual(['platformUser/roleManage?ids=SUPER_ADMIN%2CSTAFF']);
    await userEvent.click(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toContain('平台管理员'));
    fireEvent.click(screen.getAllByText('平台管理员').at(-1)!);
    expect(spy).toHaveBeenLastCalledWith(['SUPER_ADMIN', 'STAFF', 'PLAT_ADMIN']);
  });

  it('clears to null', async () => {
    const spy = vi.fn();
    const { container } = render(<Harness refPage="customerManage/customer" initial={1} spy={spy} />);
    await screen.findByText('华东智运物流有限公司');
    const clear = container.querySelector('.ant-select-clear')!;
    await act(async () => {
      fireEvent.mouseDown(clear);
      fireEvent.mouseUp(clear);
      fireEvent.click(clear);
    });
    expect(spy).toHaveBeenLastCalledWith(null);
  });
});
