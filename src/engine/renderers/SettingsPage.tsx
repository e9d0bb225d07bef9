import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Result, Skeleton, Space } from 'antd';
import { createForm, onFormValuesChange } from '@formily/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { can, pageApi, type PageBundle } from '../data/pageApi';
import type { ApiError } from '../data/envelope';
import { useSession } from '../session/store';
import { defaultValues, fromFormValues, toFormValues } from '../schema/formValues';
import RefSelect from '../../widgets/RefSelect';
import { SchemaForm, showFieldErrors } from './SchemaForm';
import { useUnsavedGuard } from './useUnsavedGuard';

/** One record per organisation, edited in place; platform staff choose which organisation. */
export function SettingsPage({ bundle }: { bundle: PageBundle }) {
  const { page, actions } = bundle;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { info } = useSession();
  const [party, setParty] = useState<string | undefined>(undefined);
  const { data, error, isLoading, mutate } = useSWR(['settings', page.id, party ?? ''], () => pageApi.current(page.id, party));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form for each organisation shown
  const form = useMemo(() => createForm({ effects: () => onFormValuesChange(() => setDirty(true)) }), [data?.partyCode]);
  useUnsavedGuard(dirty && !busy);

  useEffect(() => {
    if (!data) return;
    form.setValues(data.record ? toFormValues(page, data.record) : defaultValues(page.model!.properties), 'overwrite');
    setDirty(false);
  }, [data, form, page]);

  const editable = can(actions, data?.record ? 'update' : 'create');
  const save = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const body = fromFormValues(page.model!.properties, form.values);
      if (data?.record) await pageApi.update(page.id, data.record.id, { ...body, version: data.record.version });
      else await pageApi.create(page.id, { ...body, partyCode: data?.partyCode });
      setDirty(false);
      void message.success(t('engine.form.saved'));
      void mutate();
    } catch (e) {
      const err = e as ApiError;
      if (err.httpStatus === 409) setFormError(t('engine.settings.stale'));
      else if (!showFieldErrors(form, err.fieldErrors ?? {})) setFormError(err.message);
    } finally {
      setBusy(false);
    }
  };

  const partyLabel = `${form.id}-organisation`;
  if (error) return <Result status="error" title={t('engine.list.loadFailed')} subTitle={(error as ApiError).message} />;
  return (
    <Card
      title={t(page.title)}
      extra={
        info?.party.kind === 'platform' && (
          <Space>
            <span className="muted" id={partyLabel}>
              {t('engine.settings.organisation')}
            </span>
            <RefSelect
              refPage="platformUser/partyManage"
              aria-labelledby={partyLabel}
              value={party ?? data?.partyCode}
              onChange={(v) => setParty(typeof v === 'string' ? v : undefined)}
              style={{ minWidth: 240 }}
            />
          </Space>
        )
      }
    >
      {isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {!data.record && <Alert type="info" showIcon className="form-page__error" message={t('engine.settings.none')} />}
          {formError && <Alert type="error" showIcon className="form-page__error" message={formError} role="alert" />}
          <fieldset disabled={!editable} className="settings-fieldset">
            <SchemaForm form={form} page={page} mode={data.record ? 'update' : 'create'} />
          </fieldset>
          {editable && (
            <div className="form-page__actions">
              <Button type="primary" loading={busy} onClick={() => void save()}>
                {t('engine.form.save')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
