import { Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageBundle } from '../data/pageApi';
import { fieldSchema } from '../../shared/schema/model';
import { detailCellFor } from '../../widgets/cells';
import { useDetailController } from '../controllers/useDetailController';
import { HistoryTimeline } from './HistoryTimeline';
import { SecretSetAt } from './SecretSetAt';
import { RelatedTabs } from './RelatedTabs';
import { LockedBar } from './LockedBar';

/** One record in sections, with formatted values and, where the schema asks, its change history. */
export function DetailPage({ bundle, basePath, id }: { bundle: PageBundle; basePath: string; id: string }) {
  const { page } = bundle;
  const { t } = useTranslation();
  const detail = useDetailController(bundle, basePath, id);
  const data = detail.record;
  if (detail.loadError !== null)
    return (
      <Result
        status="warning"
        title={t('engine.detail.loadFailed')}
        subTitle={detail.loadError}
        extra={<Button onClick={detail.backToList}>{t('engine.backToList')}</Button>}
      />
    );
  if (detail.loading || !data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`${t(page.title)} · ${t('engine.view.detail')}`}
        extra={
          <Space>
            {detail.editable && (
              <Button type="primary" icon={<EditOutlined />} onClick={detail.edit}>
                {t('engine.list.edit')}
              </Button>
            )}
            <Button onClick={detail.backToList}>{t('engine.backToList')}</Button>
          </Space>
        }
      >
        <LockedBar page={page} parent={detail.parent} />
        {detail.sections.map((s) => (
          <Descriptions
            key={s.title}
            title={t(s.title)}
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3 }}
            className="detail-section"
          >
            {s.fields.map((name) => {
              const f = fieldSchema(page, name)!;
              // A stored secret is never sent: the detail says when it was set.
              if (f.writeOnly)
                return (
                  <Descriptions.Item key={name} label={t(f.title)}>
                    <SecretSetAt at={data[`${name}SetAt`]} />
                  </Descriptions.Item>
                );
              const Cell = detailCellFor(f);
              // A sub-table takes a whole line of the section.
              const span = f.items?.type === 'object' ? { xs: 1, sm: 1, md: 2, lg: 2, xl: 3 } : undefined;
              return (
                <Descriptions.Item key={name} label={t(f.title)} span={span}>
                  <Cell value={data[name]} record={data} field={f} />
                </Descriptions.Item>
              );
            })}
          </Descriptions>
        ))}
      </Card>
      <RelatedTabs page={page} record={data} />
      {detail.showHistory && <HistoryTimeline page={page} id={id} />}
    </Space>
  );
}
