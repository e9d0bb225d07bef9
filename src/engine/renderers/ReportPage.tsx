import { lazy, Suspense, useMemo } from 'react';
import { Card, Empty, Result, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { pageApi, type PageBundle } from '../data/pageApi';
import { fieldSchema } from '../../shared/schema/model';
import type { PageSchema } from '../../shared/schema/types';
import { fenToYuan } from '../../shared/number';
import { useListUrlState } from '../controllers/listUrlState';
import { FilterBar } from './FilterBar';
import { useSettingsColor } from './useSettingsColor';

const ReportChart = lazy(() => import('./ReportChart').then((m) => ({ default: m.ReportChart })));

/** Grouped aggregates of another page's records: filters of that page, a chart and a table. */
export function ReportPage({ bundle }: { bundle: PageBundle }) {
  const { page, source } = bundle;
  const spec = page.report!;
  const { t } = useTranslation();
  const color = useSettingsColor();
  const allowed = useMemo(() => spec.filters ?? [], [spec]);
  const { state, update } = useListUrlState(20, allowed);
  const { data, error, isLoading } = useSWR(['report', page.id, JSON.stringify(state.filters)], () =>
    pageApi.report(page.id, state.filters),
  );
  // The filter bar shows the source page's fields that the report lists as filters.
  const filterPage = useMemo<PageSchema | null>(
    () => (source && allowed.length ? { ...source, list: { columns: allowed, filters: allowed } } : null),
    [source, allowed],
  );
  const groupField = source ? fieldSchema(source, spec.groupBy) : undefined;
  const groupLabel = (key: unknown) => {
    const labels = groupField?.['x-enum-labels'];
    return key === null || key === undefined ? '-' : labels ? t(`${labels}.${key}`) : String(key);
  };
  const groups = data ?? [];
  const categories = groups.map((g) => groupLabel(g.key));
  const series = spec.measures.map((m) => ({
    name: t(m.title),
    money: m.cell === 'Money',
    values: groups.map((g) => Number(g[m.name] ?? 0) / (m.cell === 'Money' ? 100 : 1)),
  }));
  if (error) return <Result status="error" title={t('engine.list.loadFailed')} subTitle={(error as Error).message} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {filterPage && (
        <Card size="small">
          <FilterBar page={filterPage} filters={state.filters} q="" hideKeyword onSearch={(filters) => update({ filters, page: 1 })} />
        </Card>
      )}
      <Card title={t(page.title)} loading={isLoading}>
        {groups.length ? (
          <Suspense fallback={<div className="report-chart" />}>
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
