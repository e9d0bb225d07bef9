import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Result, Skeleton, Space } from 'antd';
import { createForm, onFormValuesChange } from '@formily/core';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import type { PageBundle, Rec } from '../data/pageApi';
import { can, pageApi } from '../data/pageApi';
import type { ApiError } from '../data/envelope';
import { defaultValues, fromFormValues, toFormValues } from '../schema/formValues';
import { SchemaForm, showFieldErrors } from './SchemaForm';
import { canEditRecord } from '../schema/model';
import { StaleDialog } from './StaleDialog';
import { useUnsavedGuard } from './useUnsavedGuard';
import { showSecrets } from './ActionResult';

interface Props {
  bundle: PageBundle;
  basePath: string;
  id?: string;
}

/** Add and edit: validation in the browser from the model, the server's field errors on their fields, and no silent overwrite. */
export function FormPage({ bundle, basePath, id }: Props) {
  const { page } = bundle;
  const mode = id ? 'update' : 'create';
  const { t } = useTranslation();
  const app = App.useApp();
  const { message } = app;
  const { mutate: revalidate } = useSWRConfig();
  const navigate = useNavigate();
  const [record, setRecord] = useState<Rec | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [stale, setStale] = useState<{ mine: Record<string, unknown>; theirs: Rec } | null>(null);
  const form = useMemo(() => createForm({
    initialValues: id ? {} : defaultValues(page.model!.properties),
    effects: () => onFormValuesChange(() => setDirty(true)),
  }), [id, page]);
  useUnsavedGuard(dirty && !busy);

  const load = async () => {
    if (!id) return;
    setLoadError(null);
    try {
      const r = await pageApi.get(page.id, id);
      setRecord(r);
      form.setValues(toFormValues(page, r), 'overwrite');
      setDirty(false);
    } catch (e) {
      setLoadError((e as ApiError).message);
    }
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, page.id]);

  const save = async (body: Record<string, unknown>, version?: number) => {
    setBusy(true);
    setError(null);
    try {
      const saved = id ? await pageApi.update(page.id, id, { ...body, version }) : await pageApi.create(page.id, body);
      setDirty(false);
      // Lists, details and histories of this page kept open in other tabs show the saved record.
      void revalidate((key) => Array.isArray(key) && key[1] === page.id && ['list', 'record', 'history'].includes(key[0] as string));
      void message.success(t(id ? 'engine.form.saved' : 'engine.form.created'));
      // Generated secrets come back in this answer only.
      const secrets = (saved as { generatedSecrets?: Record<string, string> }).generatedSecrets;
      if (secrets) showSecrets(app, t, page, secrets);
      navigate(`${basePath}/detail/${saved.id}`, { replace: true });
    } catch (e) {
      const err = e as ApiError;
      if (err.httpStatus === 409 && (err.data as { current?: Rec })?.current) {
        setStale({ mine: body, theirs: (err.data as { current: Rec }).current });
      } else if (!showFieldErrors(form, err.fieldErrors ?? {}) || Object.keys(err.fieldErrors ?? {}).length === 0) {
        setError(err.message);
      } else setError(t('engine.form.fixErrors'));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      setError(t('engine.form.fixErrors'));
      return;
    }
    await save(fromFormValues(page.model!.properties, form.values), record?.version);
  };

  // The server refuses the save anyway; the form says so before anyone types.
  if (!can(bundle.actions, id ? 'update' : 'create')) {
    return <Result status="403" title={t('engine.form.notAllowed')} extra={<Button onClick={() => navigate(basePath)}>{t('engine.backToList')}</Button>} />;
  }
  if (loadError) return <Result status="warning" title={t('engine.form.loadFailed')} subTitle={loadError} extra={<Button onClick={() => navigate(basePath)}>{t('engine.backToList')}</Button>} />;
  if (id && !record) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (record && !canEditRecord(page, record)) {
    return <Result status="warning" title={t('engine.form.notEditableInState')} extra={<Button onClick={() => navigate(`${basePath}/detail/${id}`)}>{t('engine.view.detail')}</Button>} />;
  }
  return (
    <Card title={`${t(page.title)} · ${t(id ? 'engine.view.edit' : 'engine.view.add')}`} className="form-page">
      {error && <Alert type="error" showIcon message={error} className="form-page__error" role="alert" closable onClose={() => setError(null)} />}
      <SchemaForm form={form} page={page} mode={mode} />
      <div className="form-page__actions">
        <Space>
          <Button type="primary" loading={busy} onClick={() => void submit()}>{t('engine.form.save')}</Button>
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
        </Space>
      </div>
      {stale && (
        <StaleDialog page={page} mine={stale.mine} theirs={stale.theirs} onCancel={() => setStale(null)}
          onReload={() => { setStale(null); void load(); }}
          onKeepMine={() => { const { mine, theirs } = stale; setStale(null); void save(mine, theirs.version); }} />
      )}
    </Card>
  );
}
