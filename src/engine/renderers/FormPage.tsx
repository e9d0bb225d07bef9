import { useCallback } from 'react';
import { Alert, App, Button, Card, Result, Skeleton, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PageBundle, Rec } from '../data/pageApi';
import { useFormController } from '../controllers/useFormController';
import { SchemaForm } from './SchemaForm';
import { StaleDialog } from './StaleDialog';
import { useUnsavedGuard } from './useUnsavedGuard';

interface Props {
  bundle: PageBundle;
  basePath: string;
  id?: string;
}

/** Add and edit: draws what useFormController holds; no silent overwrite. */
export function FormPage({ bundle, basePath, id }: Props) {
  const { page } = bundle;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const onSaved = useCallback((saved: Rec) => {
    void message.success(t(id ? 'engine.form.saved' : 'engine.form.created'));
    navigate(`${basePath}/detail/${saved.id}`, { replace: true });
  }, [message, t, id, navigate, basePath]);
  const ctl = useFormController(bundle, id, onSaved);
  useUnsavedGuard(ctl.dirty && !ctl.busy);

  if (!ctl.allowed) {
    return <Result status="403" title={t('engine.form.notAllowed')} extra={<Button onClick={() => navigate(basePath)}>{t('engine.backToList')}</Button>} />;
  }
  if (ctl.loadError) return <Result status="warning" title={t('engine.form.loadFailed')} subTitle={ctl.loadError} extra={<Button onClick={() => navigate(basePath)}>{t('engine.backToList')}</Button>} />;
  if (ctl.loading) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (!ctl.editable) {
    return <Result status="warning" title={t('engine.form.notEditableInState')} extra={<Button onClick={() => navigate(`${basePath}/detail/${id}`)}>{t('engine.view.detail')}</Button>} />;
  }
  const failure = ctl.failure && (ctl.failure.translate ? t(ctl.failure.message) : ctl.failure.message);
  return (
    <Card title={`${t(page.title)} · ${t(id ? 'engine.view.edit' : 'engine.view.add')}`} className="form-page">
      {failure && <Alert type="error" showIcon message={failure} className="form-page__error" role="alert" closable onClose={ctl.clearFailure} />}
      <SchemaForm form={ctl.form} page={page} mode={ctl.mode} />
      <div className="form-page__actions">
        <Space>
          <Button type="primary" loading={ctl.busy} onClick={() => void ctl.submit()}>{t('engine.form.save')}</Button>
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
        </Space>
      </div>
      {ctl.stale && (
        <StaleDialog page={page} mine={ctl.stale.mine} theirs={ctl.stale.theirs} onCancel={ctl.dismissStale}
          onReload={ctl.reloadStale} onKeepMine={ctl.keepMine} />
      )}
    </Card>
  );
}
