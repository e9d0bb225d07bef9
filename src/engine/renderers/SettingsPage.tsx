import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageBundle } from '../data/pageApi';
import { useSession } from '../session/store';
import RefSelect from '../../widgets/RefSelect';
import { useSettingsController } from '../controllers/useSettingsController';
import { SchemaForm } from './SchemaForm';
import { useUnsavedGuard } from './useUnsavedGuard';
import { useViewNotifier } from './useViewNotifier';

/** One record per organisation, edited in place; platform staff choose which organisation. */
export function SettingsPage({ bundle }: { bundle: PageBundle }) {
  const { page } = bundle;
  const { t } = useTranslation();
  const { info } = useSession();
  const settings = useSettingsController(bundle, useViewNotifier());
  const { form, failure } = settings;
  useUnsavedGuard(settings.dirty && !settings.busy);

  const partyLabel = `${form.id}-organisation`;
  if (settings.loadError !== null) return <Result status="error" title={t('engine.list.loadFailed')} subTitle={settings.loadError} />;
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
              value={settings.party}
              onChange={(v) => settings.setParty(typeof v === 'string' ? v : undefined)}
              style={{ minWidth: 240 }}
            />
          </Space>
        )
      }
    >
      {settings.loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {!settings.exists && <Alert type="info" showIcon className="form-page__error" message={t('engine.settings.none')} />}
          {failure && (
            <Alert
              type="error"
              showIcon
              className="form-page__error"
              message={failure.translate ? t(failure.message) : failure.message}
              role="alert"
            />
          )}
          <fieldset disabled={!settings.editable} className="settings-fieldset">
            <SchemaForm form={form} page={page} mode={settings.mode} />
          </fieldset>
          {settings.editable && (
            <div className="form-page__actions">
              <Button type="primary" loading={settings.busy} onClick={() => void settings.save()}>
                {t('engine.form.save')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
