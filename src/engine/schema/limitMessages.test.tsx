import { act, render, screen } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider, createSchemaField } from '@formily/react';
import i18n from 'i18next';
import engineEn from '../../i18n/locales/en/engine.json';
import { formComponents } from '../../widgets';
import { setupTestI18n } from '../../widgets/test-i18n';
import { formilyField } from './formily';
import type { PageSchema } from '../../shared/schema/types';

const SchemaField = createSchemaField({ components: formComponents });
beforeAll(async () => {
  await setupTestI18n('en');
  i18n.addResourceBundle('en', 'translation', { validation: engineEn.validation }, true, false);
});
const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});

describe('the form’s limit messages', () => {
  it('are the ones Formily shows, money in yuan and a pattern with its sample', async () => {
    const page = { id: 'x/y', kind: 'crud', title: 'x', model: { type: 'object', properties: {} } } as PageSchema;
    const fields = {
      fee: formilyField(page, 'fee', { type: 'integer', title: 'Fee', maximum: 100_000, 'x-component': 'Money' }, 'create', t, false),
      code: formilyField(
        page,
        'code',
        { type: 'string', title: 'Code', pattern: '^HZ\\d{5}$', maxLength: 7, 'x-component': 'Input' },
        'create',
        t,
        false,
      ),
    };
    const form = createForm<Record<string, unknown>>({ initialValues: { fee: 100_001, code: 'H1' } });
    render(
      <FormProvider form={form}>
        <SchemaField schema={{ type: 'object', properties: fields } as never} />
      </FormProvider>,
    );
    await act(async () => {
      await form.validate().catch(() => undefined);
    });
    expect(await screen.findByText('Must be at most ¥1,000.00')).toBeInTheDocument();
    expect(screen.getByText('Wrong format; expected something like HZ12345')).toBeInTheDocument();
  });
});
