import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RelationGroup } from '../../shared/schema/types';
import type { RelatedSummaryAnswer, SummaryLine } from '../data/pageApi';
import { useRelatedSummary } from '../controllers/useRecordParts';
import DateTime from '../../widgets/cells/DateTime';
import { EMPTY } from '../../widgets/types';

/**
 * One tab over several child pages: a line per page the caller may read, saying whether this record
 * has any of its records (and the latest one's chosen fields), with links into that page held to
 * this record, and "configure" where it has none and the caller may add one.
 */
export function RelatedSummary({
  pageId,
  recordId,
  parentKey,
  group,
}: {
  pageId: string;
  recordId: number;
  parentKey: string;
  group: RelationGroup;
}) {
  const navigate = useNavigate();
  const { data, loadError, loading: isLoading, paths, lock } = useRelatedSummary(pageId, recordId, parentKey, group);
  if (loadError !== null) return <Alert type="warning" showIcon message={loadError} />;
  return <SummaryTable group={group} data={data} loading={isLoading} paths={paths} lock={lock} onOpen={navigate} />;
}

export interface SummaryTableProps {
  group: Pick<RelationGroup, 'name' | 'pageTitle' | 'noneTitle' | 'createTitle'>;
  data: RelatedSummaryAnswer | undefined;
  loading: boolean;
  /** Console paths of the pages' lists the caller has in its menu. */
  paths: Map<string, string>;
  /** The query that holds a child list or form to the parent record. */
  lock: string;
  onOpen: (to: string) => void;
}

/** The lines of a relation group, each linking into its page held to the parent. */
export function SummaryTable({ group, data, loading, paths, lock, onOpen }: SummaryTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<SummaryLine> = [
    {
      title: t(group.pageTitle ?? 'engine.related.summary.page'),
      dataIndex: 'title',
      key: 'title',
      width: 200,
      render: (title: string, line) =>
        paths.get(line.page) ? <a onClick={() => onOpen(`${paths.get(line.page)}${lock}`)}>{title}</a> : title,
    },
    {
      title: t('engine.related.summary.state'),
      key: 'state',
      width: 140,
      render: (_, line) =>
        line.count ? (
          <Tag color="green">{t('engine.related.summary.count', { count: line.count })}</Tag>
        ) : (
          <Tag>{t(group.noneTitle ?? 'engine.related.summary.none')}</Tag>
        ),
    },
    ...(data?.columns ?? []).map((c) => ({
      title: c.title,
      key: c.field,
      width: 140,
      render: (_: unknown, line: SummaryLine) => {
        const cell = line.latest?.cells[c.field];
        if (!cell || cell.text === null || cell.text === '') return EMPTY;
        return cell.color ? <Tag color={cell.color}>{cell.text}</Tag> : String(cell.text);
      },
    })),
    {
      title: t('engine.related.summary.changed'),
      key: 'changed',
      width: 180,
      render: (_, line) => <DateTime value={line.latest?.updatedAt} field={{ type: 'string', title: '' }} />,
    },
    {
      title: t('engine.list.actions'),
      key: 'actions',
      width: 160,
      render: (_, line) => {
        const path = paths.get(line.page);
        if (!path) return EMPTY;
        return (
          <Space size={4}>
            {line.latest && (
              <Button type="link" size="small" onClick={() => onOpen(`${path}/detail/${line.latest!.id}${lock}`)}>
                {t('engine.related.summary.view')}
              </Button>
            )}
            {!line.count && line.canCreate && (
              <Button type="link" size="small" onClick={() => onOpen(`${path}/add${lock}`)}>
                {t(group.createTitle ?? 'engine.related.summary.add')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];
  return (
    <div data-testid={`related-${group.name}`}>
      {data && !data.lines.length ? (
        <Typography.Text type="secondary">{t('engine.related.summary.empty')}</Typography.Text>
      ) : (
        <Table<SummaryLine>
          rowKey="page"
          size="small"
          columns={columns}
          dataSource={data?.lines ?? []}
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </div>
  );
}
