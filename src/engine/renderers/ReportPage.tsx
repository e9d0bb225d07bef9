import { lazy, Suspense, useMemo } from 'react';
import { Card, Empty, Result, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { pageApi, type PageBundle } from '../data/pageApi';
import { fenToYuan } from '../../utils/number';
import { useListUrlState } from './listUrlState';
const ReportChart = lazy(() => import('./ReportChart').then((m) => ({ default: m.ReportChart })));
import { useSettingsColor } from './useSettingsColor';

/** Grouped aggregates of another page's records, as a chart and a table. */
export function ReportPage({ bundle }: { bundle: PageBundle }) {
  const { page } = bundle;
  const spec = page.report!;
  const { t } = useTranslation();
  const color = useSettingsColor();
  const allowed = useMemo(() => spec.filters ?? [], [spec]);
  const { state } = useListUrlState(20, allowed);
  const { data, error, isLoading } = useSWR(['report', page.id, JSON.stringify(state.filters)], () => pageApi.report(page.id, state.filters));
  const groups = data ?? [];
  const categories = groups.map((g) => String(g.key ?? '-'));
  const series = spec.measures.map((m) => ({ name: t(m.title), values: groups.map((g) => Number(g[m.name] ?? 0) / (m.cell === 'Money' ? 100 : 1)) }));
  if (error) return <Result status="error" title={t('engine.list.loadFailed')} subTitle={(error as Error).message} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t(page.title)} loading={isLoading}>
        {groups.length ? <Suspense fallback={<div className="report-chart" />}><ReportChart type={spec.chart} categories={categories} series={series} color={color} /></Suspense> : <Empty description={t('engine.list.empty')} />}
      </Card>
      <Card>
        <Table rowKey={(r) => String(r.key)} size="small" dataSource={groups} pagination={false} loading={isLoading}
          columns={[
            { key: 'key', dataIndex: 'key', title: t('engine.report.group') },
            ...spec.measures.map((m) => ({
              key: m.name, dataIndex: m.name, title: t(m.title), align: 'right' as const,
              render: (v: number | null) => (v === null ? '-' : m.cell === 'Money' ? `¥${fenToYuan(Math.round(v))}` : v.toLocaleString()),
            })),
          ]} />
      </Card>
    </Space>
  );
}
