import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createForm } from '@formily/core';
import { FormProvider, createSchemaField } from '@formily/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { formComponents } from './index';
import { resetRefLabelsForTests } from './refOptions';
import { setupTestI18n } from './test-i18n';

// Two carriers with a driver each; the options route narrows drivers by ?carrierCode as the server does.
const carriers = [
  { value: 'C1', label: 'Carrier one' },
  { value: 'C2', label: 'Carrier two' },
];
const drivers = [
  { value: 'D1', label: 'Driver one', carrierCode: 'C1' },
  { value: 'D2', label: 'Driver two', carrierCode: 'C2' },
];
const calls: string[] = [];
const server = setupServer(
  http.get('*/open-platform/data/:page/options', ({ request, params }) => {
    const url = new URL(request.url);
    calls.push(`${decodeURIComponent(String(params.page))}?${url.searchParams.toString()}`);
    const ids = url.searchParams.get('ids');
    const carrier = url.searchParams.get('carrierCode');
    let rows = params.page === 'a/driver' ? drivers.filter((d) => !carrier || d.carrierCode === carrier) : carriers;
    if (ids !== null) rows = rows.filter((r) => ids.split(',').includes(String(r.value)));
    // Asked for fields (a fill), the route answers them with each option.
    const fields = url.searchParams.get('fields');
    const typeOf = (v: unknown) => (v === 'C1' ? 'enterprise' : 'individual');
    return HttpResponse.json({
      status: 0,
      msg: 'success',
      data: rows.map(({ value, label }) => ({ value, label, ...(fields ? { fields: { carrierType: typeOf(value) } } : {}) })),
    });
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

const SchemaField = createSchemaField({ components: formComponents });
const schema = {
  type: 'object',
  properties: {
    carrierCode: {
      type: 'string',
      title: 'Carrier',
      'x-decorator': 'FormItem',
      'x-component': 'RefSelect',
      'x-component-props': { refPage: 'a/carrier' },
    },
    driverIdcard: {
      type: 'string',
      title: 'Driver',
      'x-decorator': 'FormItem',
      'x-component': 'RefSelect',
      'x-component-props': { refPage: 'a/driver', refDepends: { carrierCode: 'carrierCode' } },
    },
  },
};
const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((n) => n.textContent);

describe('a dependent reference (x-ref-depends) in a form', () => {
  it('offers only the chosen parent’s records and drops a choice the new parent does not allow', async () => {
    const form = createForm<Record<string, unknown>>({ initialValues: { carrierCode: 'C1', driverIdcard: 'D1' } });
    render(
      <FormProvider form={form}>
        <SchemaField schema={schema as never} />
      </FormProvider>,
    );
    expect(await screen.findByText('Driver one')).toBeInTheDocument();
    const [, driverBox] = screen.getAllByRole('combobox');
    await userEvent.click(driverBox);
    await waitFor(() => expect(calls).toContain('a/driver?carrierCode=C1&q='));
    await waitFor(() => expect(optionTexts()).toEqual(['Driver one']));
    // The same carrier again keeps the driver; another carrier drops it.
    await act(async () => {
      form.setValuesIn('carrierCode', 'C2');
    });
    await waitFor(() => expect(calls).toContain('a/driver?carrierCode=C2&ids=D1'));
    await waitFor(() => expect(form.values.driverIdcard ?? null).toBeNull());
  });

  it('keeps a choice the new parent allows, and narrows nothing without a parent', async () => {
    const form = createForm<Record<string, unknown>>({ initialValues: { driverIdcard: 'D2' } });
    render(
      <FormProvider form={form}>
        <SchemaField schema={schema as never} />
      </FormProvider>,
    );
    expect(await screen.findByText('Driver two')).toBeInTheDocument();
    await act(async () => {
      form.setValuesIn('carrierCode', 'C2');
    });
    await waitFor(() => expect(calls).toContain('a/driver?carrierCode=C2&ids=D2'));
    expect(form.values.driverIdcard).toBe('D2');
    await act(async () => {
      form.setValuesIn('carrierCode', null);
    });
    const [, driverBox] = screen.getAllByRole('combobox');
    await userEvent.click(driverBox);
    await waitFor(() => expect(calls).toContain('a/driver?q='));
    expect(form.values.driverIdcard).toBe('D2');
  });
});

describe('a filling reference (x-ref-fill) in a form', () => {
  it('sets the fields it fills from the record the user picks', async () => {
    const fillSchema = {
      type: 'object',
      properties: {
        carrierCode: {
          type: 'string',
          title: 'Carrier',
          'x-decorator': 'FormItem',
          'x-component': 'RefSelect',
          'x-component-props': { refPage: 'a/carrier', refFill: { taxWithheld: "carrierType != 'enterprise'" } },
        },
        taxWithheld: { type: 'boolean', title: 'Withheld', 'x-decorator': 'FormItem', 'x-component': 'Switch' },
      },
    };
    const form = createForm<Record<string, unknown>>({ initialValues: { taxWithheld: true } });
    render(
      <FormProvider form={form}>
        <SchemaField schema={fillSchema as never} />
      </FormProvider>,
    );
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByText('Carrier one'));
    await waitFor(() => expect(calls).toContain('a/carrier?ids=C1&fields=carrierType'));
    await waitFor(() => expect(form.values.taxWithheld).toBe(false));
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByText('Carrier two'));
    await waitFor(() => expect(form.values.taxWithheld).toBe(true));
  });
});
