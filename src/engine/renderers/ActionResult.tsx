import { Alert, Table, Typography, type App } from 'antd';
import type { TFunction } from 'i18next';
import type { PageSchema } from '../../shared/schema/types';
import { saveActionFile, type ActionAnswer, type BulkAnswer } from '../data/opsApi';

type AppApi = ReturnType<typeof App.useApp>;

/** Secrets shown once (after create or rotation): each with a copy button, and a warning that they will not be shown again. */
export function showSecrets(app: AppApi, t: TFunction, page: PageSchema, secrets: Record<string, string>) {
  app.modal.warning({
    title: t('ops.secret.title'),
    width: 560,
    okText: t('ops.secret.copied'),
    content: (
      <div className="secret-once">
        <Alert type="warning" showIcon message={t('ops.secret.warning')} />
        {Object.entries(secrets).map(([name, value]) => (
          <div key={name} className="secret-once__item">
            <div className="muted">{t(page.model?.properties[name]?.title ?? name)}</div>
            <Typography.Text code copyable={{ text: value }} data-testid={`secret-${name}`}>
              {value}
            </Typography.Text>
          </div>
        ))}
      </div>
    ),
  });
}

/** What an action answered: its message, a file to save, new secrets, or (for a selection) each row's outcome. */
export function showActionResult(app: AppApi, t: TFunction, page: PageSchema, answer: unknown) {
  const bulk = answer as Partial<BulkAnswer> | null;
  if (bulk && Array.isArray(bulk.results)) {
    const { succeeded = 0, failed = 0 } = bulk;
    if (!failed) {
      void app.message.success(t('ops.action.bulkSummary', { succeeded, failed }));
      return;
    }
    app.modal.info({
      title: t('ops.action.results'),
      width: 640,
      content: (
        <>
          <p>{t('ops.action.bulkSummary', { succeeded, failed })}</p>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ y: 320 }}
            dataSource={bulk.results}
            columns={[
              { title: t('ops.action.record'), dataIndex: 'id', width: 90 },
              {
                title: t('ops.action.outcome'),
                render: (_: unknown, r: BulkAnswer['results'][number]) =>
                  r.ok ? (
                    <Typography.Text type="success">{t('ops.action.ok')}</Typography.Text>
                  ) : (
                    <Typography.Text type="danger">{r.msg}</Typography.Text>
                  ),
              },
            ]}
          />
        </>
      ),
    });
    return;
  }
  const a = (answer && typeof answer === 'object' ? answer : {}) as ActionAnswer;
  if (a.file) saveActionFile(a.file);
  if (a.secrets && Object.keys(a.secrets).length) showSecrets(app, t, page, a.secrets);
  void app.message.success(a.message ?? (a.rows?.length ? t('ops.action.changed', { count: a.rows.length }) : t('engine.list.done')));
}
