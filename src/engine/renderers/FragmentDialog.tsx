import { useMemo, useState } from 'react';
import { Modal, Typography } from 'antd';
import { createForm } from '@formily/core';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, PageSchema } from '../../shared/schema/types';
import { defaultValues, fromFormValues } from '../schema/formValues';
import type { ApiError } from '../../client/envelope';
import { SchemaForm, showFieldErrors } from './SchemaForm';

interface Props {
  page: PageSchema;
  title: string;
  confirm?: string;
  danger?: boolean;
  fields: Record<string, FieldSchema>;
  required: string[];
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}

/** The confirmation of a state change or custom action, with the fields it asks for. */
export function FragmentDialog({ page, title, confirm, danger, fields, required, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  // Asked-for yes/no fields start at No (unless the schema says they must be answered).
  const form = useMemo(() => createForm({ initialValues: defaultValues(fields) }), [fields]);
  const only = useMemo(() => ({ fields, required }), [fields, required]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(fromFormValues(fields, form.values));
      onClose();
    } catch (e) {
      const err = e as ApiError;
      if (!showFieldErrors(form, err.fieldErrors ?? {})) setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ danger }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      {confirm && <p>{t(confirm)}</p>}
      {Object.keys(fields).length > 0 && <SchemaForm form={form} page={page} mode="update" only={only} />}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Modal>
  );
}
