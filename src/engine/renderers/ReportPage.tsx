import { lazy, Suspense } from 'react';
import { Card, Empty, Result, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageBundle } from '../data/pageApi';
import { fenToYuan } from '../../shared/number';
import { useReportController } from '../controllers/useReportController';
import { FilterBar } from './FilterBar';
import { useSettingsColor } from './useSettingsColor';

const ReportChart = lazy(() => import('./ReportChart').then((m) => ({ default: m.ReportChart })));

/** Grouped aggregates of another page's records: filters of that page, a chart and a table. */
export function ReportPage({ bundle }: { bundle: PageBundle }) {
  const { page } = bundle;
  const report = useReportController(bundle);
  const { spec, groupField, groups, filterPage, loading: isLoading } = report;
  const { t } = useTranslation();
  const color = useSettingsColor();
  const groupLabel = (key: unknown) => {
    const labels = groupField?.['x-enum-labels'];
    return key === null || key === undefined ? '-' : labels ? t(`${labels}.${key}`) : String(key);
  };
  const categories = groups.map((g) => groupLabel(g.key));
  const series = spec.measures.map((m) => ({
    name: t(m.title),
    money: m.cell === 'Money',
    values: groups.map((g) => Number(g[m.name] ?? 0) / (m.cell === 'Money' ? 100 : 1)),
  }));
  if (report.loadError !== null) return <Result status="error" title={t('engine.list.loadFailed')} subTitle={report.loadError} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {filterPage && (
        <Card size="small">
          <FilterBar page={filterPage} filters={report.filters} q="" hideKeyword onSearch={report.setFilters} />
        </Card>
      )}
      <Card title={t(page.title)} loading={isLoading}>
        {groups.length ? (
          <Suspense fallback={<div className="report-chart" aria-busy="true" />}>
            <ReportChart type={spec.chart} categories={categories} series={series} color={color} />
          </Suspense>
        ) : (
          <Empty description={t('engine.list.empty')} />
        )}
      </Card>
      <Card>
        <Table
          rowKey={(r) => String(r.key)}
          size="small"
          dataSource={groups}
          pagination={false}
          loading={isLoading}
          columns={[
            { key: 'key', dataIndex: 'key', title: groupField ? t(groupField.title) : t('engine.report.group'), render: groupLabel },
            ...spec.measures.map((m) => ({
              key: m.name,
              dataIndex: m.name,
              title: t(m.title),
              align: 'right' as const,
              render: (v: number | null) =>
                v === null ? '-' : m.cell === 'Money' ? `¥${fenToYuan(Math.round(v))}` : Number(v).toLocaleString(),
            })),
          ]}
        />
      </Card>
    </Space>
  );
}
