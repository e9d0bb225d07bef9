import { useMemo } from 'react';
import { createSchemaField, FormProvider } from '@formily/react';
import type { Form } from '@formily/core';
import { FormLayout } from '@formily/antd-v5';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, PageSchema } from '../../shared/schema/types';
import { formilySchema, type FormMode } from '../schema/formily';
import { formComponents } from '../../widgets';
import { FormSection } from './FormSection';
import './expressions';

export { showFieldErrors } from '../controllers/formErrors';

const SchemaField = createSchemaField({ components: { ...formComponents, FormSection } });

interface Props {
  form: Form;
  page: PageSchema;
  mode: FormMode;
  /** Render only these fields (a transition's or action's dialog). */
  only?: { fields: Record<string, FieldSchema>; required: string[] };
  layout?: 'vertical' | 'horizontal';
}

/** Renders a page model as a Formily form; the same component serves add, edit, settings and dialogs. */
export function SchemaForm({ form, page, mode, only, layout = 'vertical' }: Props) {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- i18n.language: titles are translated again after a language switch
  const schema = useMemo(() => formilySchema(page, mode, (k, p) => t(k, p), only), [page, mode, only, t, i18n.language]);
  return (
    <FormProvider form={form}>
      <FormLayout layout={layout} feedbackLayout="terse">
        <SchemaField schema={schema} />
      </FormLayout>
    </FormProvider>
  );
}
