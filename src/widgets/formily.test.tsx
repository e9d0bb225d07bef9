import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createForm } from '@formily/core';
import { FormProvider, createSchemaField } from '@formily/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { formComponents } from './index';
import { resetRefLabelsForTests } from './refOptions';
import { setupTestI18n } from './test-i18n';

const server = setupServer(
  http.get('*/open-platform/data/:page/options', () =>
    HttpResponse.json({ status: 0, msg: 'success', data: [{ value: 'C1001', label: '华东智运物流有限公司' }] }),
  ),
);
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en');
});
afterAll(() => server.close());
beforeEach(() => resetRefLabelsForTests());

const SchemaField = createSchemaField({ components: formComponents });

const schema = {
  type: 'object',
  properties: {
    freight: { type: 'integer', title: 'Freight', 'x-decorator': 'FormItem', 'x-component': 'Money' },
    partyCode: {
      type: 'string',
      title: 'Customer',
      'x-decorator': 'FormItem',
      'x-component': 'RefSelect',
      'x-component-props': { refPage: 'customerManage/customer' },
    },
    secret: {
      type: 'string',
      title: 'Secret',
      format: 'password',
      writeOnly: true,
      'x-decorator': 'FormItem',
      'x-component': 'Password',
      'x-component-props': { mode: 'update' },
    },
    region: { type: 'array', title: 'Region', 'x-decorator': 'FormItem', 'x-component': 'RegionCascader' },
    status: { type: 'string', title: 'Status', enum: ['a', 'b'], 'x-decorator': 'FormItem', 'x-component': 'Radio.Group' },
  },
};

describe('widgets inside a Formily form', () => {
  it('are named by their labels, with ids that two open forms do not share', async () => {
    const forms = [createForm(), createForm()];
    render(
      <>
        {forms.map((form) => (
          <FormProvider key={form.id} form={form}>
            <SchemaField schema={schema as never} />
          </FormProvider>
        ))}
      </>,
    );
    // Each input is found by its label's text, as a screen reader names it.
    expect(await screen.findAllByRole('spinbutton', { name: 'Freight' })).toHaveLength(2);
    expect(screen.getAllByRole('combobox', { name: 'Customer' })).toHaveLength(2);
    expect(screen.getAllByLabelText('Secret')).toHaveLength(2);
    // (A select's outer box carries the name too, without an id of its own.)
    const ids = [...document.querySelectorAll('[aria-labelledby]')].map((e) => e.id).filter(Boolean);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('receive value and onChange from their fields', async () => {
    const form = createForm<Record<string, unknown>>({ initialValues: { freight: 1250, partyCode: 'C1001' } });
    render(
      <FormProvider form={form}>
        <SchemaField schema={schema as never} />
      </FormProvider>,
    );
    expect(screen.getByRole('spinbutton')).toHaveValue('12.50');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(await screen.findByText('华东智运物流有限公司')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('spinbutton'));
    await userEvent.type(screen.getByRole('spinbutton'), '0.29');
    expect(form.values.freight).toBe(29);
    const secret = screen.getByPlaceholderText('Unchanged: leave empty to keep the current one');
    await userEvent.type(secret, 'abc');
    expect(form.values.secret).toBe('abc');
    // The hint follows the schema's format: password.
    expect(screen.getByText('Weak: use at least 8 characters with both letters and digits')).toBeInTheDocument();
  });

  it('read-pretty fields show the matching cells', async () => {
    const form = createForm({
      readPretty: true,
      initialValues: { freight: 123456, partyCode: 'C1001', secret: 'x', region: ['440000', '440100', '440106'] },
    });
    // Formily keeps writeOnly fields editable in every pattern, so this variant leaves the flag out.
    const { writeOnly: _w, ...secret } = schema.properties.secret;
    void _w;
    render(
      <FormProvider form={form}>
        <SchemaField schema={{ ...schema, properties: { ...schema.properties, secret } } as never} />
      </FormProvider>,
    );
    expect(screen.getByText('¥1,234.56')).toBeInTheDocument();
    expect(screen.getByText('••••••')).toBeInTheDocument();
    expect(screen.getByText('Tianhe, Guangzhou, Guangdong')).toBeInTheDocument();
    expect(await screen.findByText('华东智运物流有限公司')).toBeInTheDocument();
    await act(async () => {
      form.setPattern('editable');
    });
    expect(screen.getByRole('spinbutton')).toHaveValue('1234.56');
  });
});
