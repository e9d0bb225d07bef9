import { Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ApiError } from '../data/envelope';
import { can, pageApi, type PageBundle } from '../data/pageApi';
import { canEditRecord, fieldSchema, readableFields } from '../../shared/schema/model';
import { detailCellFor } from '../../widgets/cells';
import { HistoryTimeline } from './HistoryTimeline';
import { SecretSetAt } from './SecretSetAt';
import { RelatedTabs } from './RelatedTabs';
import { LockedBar, lockedParent } from './LockedBar';

/** One record in sections, with formatted values and, where the schema asks, its change history. */
export function DetailPage({ bundle, basePath, id }: { bundle: PageBundle; basePath: string; id: string }) {
  const { page, actions } = bundle;
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Opened from a locked child list: the record is read within the lock, and "back" returns to that list.
  const [search] = useSearchParams();
  const lock = Object.fromEntries(['parent', 'parentField'].filter((k) => search.get(k)).map((k) => [k, search.get(k)!]));
  const lockQuery = lock.parent ? `?${new URLSearchParams(lock)}` : '';
  const parent = lockedParent(bundle.parents, lock);
  const { data, error, isLoading } = useSWR(['record', page.id, id, lockQuery], () => pageApi.get(page.id, id, lock));
  if (error)
    return (
      <Result
        status="warning"
        title={t('engine.detail.loadFailed')}
        subTitle={(error as ApiError).message}
        extra={<Button onClick={() => navigate(`${basePath}${lockQuery}`)}>{t('engine.backToList')}</Button>}
      />
    );
  if (isLoading || !data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const readable = new Set(readableFields(page));
  const sections = page.detail?.sections ?? [{ title: 'engine.detail.fields', fields: [...readable] }];
  const editable =
    page.kind === 'crud' && (page.list?.rowActions ?? []).includes('edit') && can(actions, 'update') && canEditRecord(page, data);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`${t(page.title)} · ${t('engine.view.detail')}`}
        extra={
          <Space>
            {editable && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`${basePath}/edit/${id}${lockQuery}`)}>
                {t('engine.list.edit')}
              </Button>
            )}
            <Button onClick={() => navigate(`${basePath}${lockQuery}`)}>{t('engine.backToList')}</Button>
          </Space>
        }
      >
        <LockedBar page={page} parent={parent} />
        {sections.map((s) => (
          <Descriptions
            key={s.title}
            title={t(s.title)}
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3 }}
            className="detail-section"
          >
            {s.fields
              .filter((f) => readable.has(f) || fieldSchema(page, f)?.writeOnly)
              .map((name) => {
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
      {page.detail?.history && <HistoryTimeline page={page} id={id} />}
    </Space>
  );
}
