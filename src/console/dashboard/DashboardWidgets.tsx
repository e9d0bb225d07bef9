import { Badge, Card, Empty, List, Table } from 'antd';
import { useNavigate } from 'react-router-dom';
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
      <List size="small" dataSource={[...targets]} renderItem={([name, target]) => (
        <List.Item className="dashboard-todo" onClick={() => navigate(target)} tabIndex={0} onKeyDown={(e) => { if (e.key === 'Enter') navigate(target); }}>
          <span>{t(`todo.${name}`)}</span>
          <Badge count={count(name)} showZero overflowCount={9999} color={count(name) ? undefined : '#d9d9d9'} />
        </List.Item>
      )} />
    </Card>
  );
}

/** The latest waybills, as a transaction table. */
export function TransactionsCard({ rows, statusLabel }: { rows: DashboardData['latest']; statusLabel: (s: string) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card title={t('dashboard.latestTitle')} className="dashboard-card" extra={<a onClick={() => navigate('/tms/waybill/waybill')}>{t('dashboard.viewAll')}</a>}>
      {rows.length === 0 ? <Empty description={t('dashboard.noData')} /> : (
        <Table size="small" rowKey="id" pagination={false} dataSource={rows} scroll={{ x: 'max-content' }}
          onRow={(r) => ({ onClick: () => navigate(`/tms/waybill/waybill/detail/${r.id}`), style: { cursor: 'pointer' } })}
          columns={[
            { key: 'no', dataIndex: 'waybillNo', title: t('dashboard.col.waybillNo') },
            { key: 'shipper', dataIndex: 'shipperName', title: t('dashboard.col.shipper'), render: (v: string | null, r) => v ?? r.shipperCode },
            { key: 'freight', dataIndex: 'freightFen', title: t('dashboard.col.freight'), align: 'right', render: (v: number) => `¥${fenToYuan(v ?? 0)}` },
            { key: 'status', dataIndex: 'status', title: t('dashboard.col.status'), render: (v: string) => statusLabel(v) },
            { key: 'time', dataIndex: 'createdAt', title: t('dashboard.col.time'), render: (v: string) => formatDate(v, '{m}-{d} {h}:{i}') },
          ]} />
      )}
    </Card>
  );
}
