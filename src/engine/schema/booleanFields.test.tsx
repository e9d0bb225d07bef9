import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createForm, type Field } from '@formily/core';
import { FormProvider, createSchemaField } from '@formily/react';
import i18n from 'i18next';
import { formComponents } from '../../widgets';
import { setupTestI18n } from '../../widgets/test-i18n';
import { formilyField } from './formily';
import { defaultValues, fromFormValues } from './formValues';
import type { FieldSchema, PageSchema } from '../../shared/schema/types';

const SchemaField = createSchemaField({ components: formComponents });
beforeAll(async () => {
  await setupTestI18n('en');
  i18n.addResourceBundle('en', 'translation', { common: { yes: 'Yes', no: 'No' } }, true, false);
});

// The waybill's delivery confirmation: both answers required, on-time must be chosen, damage is a switch.
const fields: Record<string, FieldSchema> = {
  onTimeDelivery: { type: 'boolean', title: 'On time', 'x-must-choose': true, 'x-component': 'Switch' },
  damage: { type: 'boolean', title: 'Damage', 'x-component': 'Switch' },
};
const page = { id: 'x/y', kind: 'crud', title: 'x', model: { type: 'object', properties: fields } } as PageSchema;
const t = (k: string) => i18n.t(k);

describe('yes/no fields', () => {
  it('start at No when untouched, unless the schema says the user must choose', () => {
    expect(defaultValues(fields)).toEqual({ damage: false });
    // A create form gives No only to the switches it shows: a waybill is not created "damaged: no".
    expect(defaultValues({ ...fields, flag: { type: 'boolean', title: 'f', default: true } }, ['onTimeDelivery'])).toEqual({ flag: true });
  });

  it('a required switch accepts an untouched No; a must-choose one is refused until answered, and No is an answer', async () => {
    const form = createForm<Record<string, unknown>>({ initialValues: defaultValues(fields) });
    const schema = {
      type: 'object',
      properties: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, formilyField(page, k, f, 'update', t, true)])),
    };
    render(
      <FormProvider form={form}>
        <SchemaField schema={schema as never} />
      </FormProvider>,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('switch')).not.toBeChecked();
    await act(async () => {
      await form.validate().catch(() => undefined);
    });
    expect((form.query('damage').take() as Field | undefined)?.selfErrors ?? []).toEqual([]);
    expect(((form.query('onTimeDelivery').take() as Field | undefined)?.selfErrors ?? []).length).toBe(1);
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await act(async () => {
      await form.validate();
    });
    expect(fromFormValues(fields, form.values)).toEqual({ onTimeDelivery: false, damage: false });
  });
});
