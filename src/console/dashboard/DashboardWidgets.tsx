import { Badge, Card, Empty, List, Table } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useTodoQueues } from '../layout/TodoShortcuts';
import { formatDate } from '../../utils/time';
import { fenToYuan } from '../../shared/number';
import type { DashboardData } from './useDashboard';

/** The to-do list: every counter with its count, each opening its filtered list. */
export function TodoCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { targets, count } = useTodoQueues();
  return (
    <Card title={t('dashboard.todoTitle')} className="dashboard-card">
      <List
        size="small"
        dataSource={[...targets]}
        renderItem={([name, target]) => (
          <List.Item
            className="dashboard-todo"
            onClick={() => navigate(target)}
            tabIndex={0}
            onKeyDown={(e) => {
              if (e.key === 'Enter') navigate(target);
            }}
          >
            <span>{t(`todo.${name}`)}</span>
            <Badge count={count(name)} showZero overflowCount={9999} color={count(name) ? undefined : '#d9d9d9'} />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The latest waybills, as a transaction table. */
export function TransactionsCard({ rows, statusLabel }: { rows: DashboardData['latest']; statusLabel: (s: string) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      title={t('dashboard.latestTitle')}
      className="dashboard-card"
      extra={<Link to="/tms/waybill/waybill">{t('dashboard.viewAll')}</Link>}
    >
      {rows.length === 0 ? (
        <Empty description={t('dashboard.noData')} />
      ) : (
        // Fixed layout in the card's width: the shipper's long name gives way (cut with an ellipsis),
        // never the time at the row's end; narrower screens drop the shipper, then the freight.
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          tableLayout="fixed"
          className="dashboard-latest"
          onRow={(r) => ({ onClick: () => navigate(`/tms/waybill/waybill/detail/${r.id}`), style: { cursor: 'pointer' } })}
          columns={[
            {
              key: 'no',
              dataIndex: 'waybillNo',
              title: t('dashboard.col.waybillNo'),
              width: 150,
              render: (v: string, r) => (
                <Link to={`/tms/waybill/waybill/detail/${r.id}`} onClick={(e) => e.stopPropagation()}>
                  {v}
                </Link>
              ),
            },
            {
              key: 'shipper',
              dataIndex: 'shipperName',
              title: t('dashboard.col.shipper'),
              ellipsis: { showTitle: true },
              responsive: ['md'],
              render: (v: string | null, r) => v ?? r.shipperCode,
            },
            {
              key: 'freight',
              dataIndex: 'freightFen',
              title: t('dashboard.col.freight'),
              align: 'right',
              width: 104,
              responsive: ['sm'],
              render: (v: number) => `¥${fenToYuan(v ?? 0)}`,
            },
            {
              key: 'status',
              dataIndex: 'status',
              title: t('dashboard.col.status'),
              width: 84,
              ellipsis: { showTitle: true },
              render: (v: string) => statusLabel(v),
            },
            {
              key: 'time',
              dataIndex: 'createdAt',
              title: t('dashboard.col.time'),
              width: 104,
              className: 'dashboard-latest__time',
              render: (v: string) => formatDate(v, '{m}-{d} {h}:{i}'),
            },
          ]}
        />
      )}
    </Card>
  );
}
