import { Alert, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChainView as ChainSpec } from '../../shared/schema/types';
import { fenToYuan } from '../../shared/number';
import type { ChainLine } from '../data/pageApi';
import { useChain } from '../controllers/useRecordParts';
import { EMPTY } from '../../widgets/types';

const money = (fen: number | null) => (fen === null ? EMPTY : `¥${fenToYuan(fen)}`);

/**
 * A record's chain of documents in one table, step by step: each document's number (a link to its
 * detail where the caller has the page), the number it follows, its amount and state; a step with
 * none says so, and the fen still open close the view. What an auditor opens first.
 */
export function ChainView({ pageId, recordId, chain }: { pageId: string; recordId: number; chain: ChainSpec }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, loadError, loading: isLoading, paths } = useChain(pageId, recordId, chain);
  if (loadError !== null) return <Alert type="warning" showIcon message={loadError} />;
  const lines = (data?.steps ?? []).flatMap((s): ChainLine[] =>
    s.documents.length
      ? s.documents.map((d, i) => ({
          key: `${s.name}-${d.id}`,
          step: s.name,
          title: i === 0 ? s.title : '',
          page: s.page,
          readable: s.readable,
          doc: d,
        }))
      : [{ key: s.name, step: s.name, title: s.title, page: s.page, readable: s.readable, doc: null }],
  );
  const columns: ColumnsType<ChainLine> = [
    { title: t('engine.chain.step'), dataIndex: 'title', key: 'step', width: 160 },
    {
      title: t('engine.chain.number'),
      key: 'no',
      width: 200,
      render: (_, l) => {
        if (!l.doc)
          return <Typography.Text type="secondary">{l.readable ? t('engine.chain.none') : t('engine.chain.hidden')}</Typography.Text>;
        const path = paths.get(l.page);
        if (!path) return l.doc.no;
        const to = `${path}/detail/${l.doc.id}`;
        return (
          <a
            href={`#${to}`}
            onClick={(e) => {
              e.preventDefault();
              navigate(to);
            }}
          >
            {l.doc.no}
          </a>
        );
      },
    },
    { title: t('engine.chain.follows'), key: 'follows', width: 180, render: (_, l) => l.doc?.follows || EMPTY },
    {
      title: t('engine.chain.amount'),
      key: 'amount',
      width: 140,
      align: 'right',
      render: (_, l) => (l.doc ? money(l.doc.amountFen) : EMPTY),
    },
    {
      title: t('engine.chain.status'),
      key: 'status',
      width: 120,
      render: (_, l) => (l.doc?.status ? <Tag color={l.doc.status.color}>{String(l.doc.status.text ?? l.doc.status.value)}</Tag> : EMPTY),
    },
  ];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={`chain-${chain.name}`}>
      <Table<ChainLine>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={lines}
        loading={isLoading}
        pagination={false}
        rowClassName={(l) => (l.doc ? '' : 'chain-missing')}
      />
      {data && data.openFen !== null && (
        <Statistic
          data-testid="chain-open"
          title={t('engine.chain.open')}
          value={money(data.openFen)}
          valueStyle={{ color: data.openFen > 0 ? '#d4380d' : '#389e0d' }}
        />
      )}
    </Space>
  );
}
