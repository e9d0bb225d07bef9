import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Result, Skeleton, Space } from 'antd';
import { createForm, onFieldInit, onFormValuesChange } from '@formily/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
import { LockedBar, lockedParent } from './LockedBar';
import { useSession } from '../session/store';
import RefSelect from '../../widgets/RefSelect';
import type { PageSchema } from '../schema/types';

/** The form value of a locked reference: ids are numbers, keys stay text. */
function lockedValue(page: PageSchema, field: string, raw: string): unknown {
  const f = page.model!.properties[field];
  return f.type === 'integer' || f.type === 'number' ? Number(raw) : raw;
}

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
  const { message } = App.useApp();
  const { mutate: revalidate } = useSWRConfig();
  const navigate = useNavigate();
  const [record, setRecord] = useState<Rec | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [stale, setStale] = useState<{ mine: Record<string, unknown>; theirs: Rec } | null>(null);
  // Opened from a locked child list (?parent=): the parent is filled in and cannot be changed.
  const [search] = useSearchParams();
  const lock = useMemo(() => Object.fromEntries(['parent', 'parentField'].filter((k) => search.get(k)).map((k) => [k, search.get(k)!])), [search]);
  const lockQuery = lock.parent ? `?${new URLSearchParams(lock)}` : '';
  const parent = lockedParent(bundle.parents, lock);
  const lockedField = parent && page.model!.properties[parent.field] ? parent.field : null;
  const { info } = useSession();
  // Platform staff create records of any organisation: they pick it, unless a parent lock names it.
  const pickParty = !id && page.resource?.scope === 'party' && info?.party.kind === 'platform' && parent?.field !== 'partyCode';
  const [party, setParty] = useState<string | undefined>(undefined);
  const form = useMemo(() => createForm({
    initialValues: id ? {} : { ...defaultValues(page.model!.properties), ...(lockedField ? { [lockedField]: lockedValue(page, lockedField, parent!.value) } : {}) },
    effects: () => {
      onFormValuesChange(() => setDirty(true));
      if (lockedField) onFieldInit(lockedField, (field) => field.setPattern('disabled'));
    },
  }), [id, page, lockedField, parent?.value]);
  useUnsavedGuard(dirty && !busy);

  const load = async () => {
    if (!id) return;
    setLoadError(null);
    try {
      const r = await pageApi.get(page.id, id, lock);
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
      const owner = parent?.field === 'partyCode' ? { partyCode: parent.value } : pickParty && party ? { partyCode: party } : {};
      const saved = id ? await pageApi.update(page.id, id, { ...body, version }, lock) : await pageApi.create(page.id, { ...body, ...owner }, lock);
      setDirty(false);
      // Lists, details and histories of this page kept open in other tabs show the saved record.
      void revalidate((key) => Array.isArray(key) && key[1] === page.id && ['list', 'record', 'history'].includes(key[0] as string));
      void message.success(t(id ? 'engine.form.saved' : 'engine.form.created'));
      navigate(`${basePath}/detail/${saved.id}${lockQuery}`, { replace: true });
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
    return <Result status="403" title={t('engine.form.notAllowed')} extra={<Button onClick={() => navigate(`${basePath}${lockQuery}`)}>{t('engine.backToList')}</Button>} />;
  }
  if (loadError) return <Result status="warning" title={t('engine.form.loadFailed')} subTitle={loadError} extra={<Button onClick={() => navigate(`${basePath}${lockQuery}`)}>{t('engine.backToList')}</Button>} />;
  if (id && !record) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (record && !canEditRecord(page, record)) {
    return <Result status="warning" title={t('engine.form.notEditableInState')} extra={<Button onClick={() => navigate(`${basePath}/detail/${id}${lockQuery}`)}>{t('engine.view.detail')}</Button>} />;
  }
  return (
    <Card title={`${t(page.title)} · ${t(id ? 'engine.view.edit' : 'engine.view.add')}`} className="form-page">
      {error && <Alert type="error" showIcon message={error} className="form-page__error" role="alert" closable onClose={() => setError(null)} />}
      <LockedBar page={page} parent={parent} />
      {pickParty && (
        <div className="form-page__party">
          <span className="muted">{t('engine.settings.organisation')}</span>
          <RefSelect refPage="platformUser/partyManage" value={party} allowClear placeholder={info?.party.name}
            onChange={(v) => setParty(typeof v === 'string' ? v : undefined)} style={{ minWidth: 260 }} data-testid="party-picker" />
        </div>
      )}
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
