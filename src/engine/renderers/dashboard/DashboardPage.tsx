import { lazy, Suspense, useMemo } from 'react';
import { Button, Card, Col, Empty, Result, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardAnswer, PageBundle } from '../../data/pageApi';
import type { DashboardChart, PageSchema } from '../../../shared/schema/types';
import { fieldSchema } from '../../../shared/schema/model';
import { fenToYuan } from '../../../shared/number';
import { useDashboardController } from '../../controllers/useDashboardController';
import { useSettingsColor } from '../useSettingsColor';
import './dashboard.css';

// echarts comes with the first chart, the map's shapes only with a map.
const ReportChart = lazy(() => import('../ReportChart').then((m) => ({ default: m.ReportChart })));
const MapChart = lazy(() => import('./MapChart').then((m) => ({ default: m.MapChart })));

type Groups = DashboardAnswer['charts'][string];

/** Key figures and charts computed by the server over the source page's rows in the caller's scope. */
export function DashboardPage({ bundle }: { bundle: PageBundle }) {
  const { source } = bundle;
  const dashboard = useDashboardController(bundle);
  const { spec, data } = dashboard;
  const { t } = useTranslation();
  const color = useSettingsColor();
  if (dashboard.loadError !== null)
    return (
      <Result
        status="error"
        title={t('engine.list.loadFailed')}
        subTitle={dashboard.loadError}
        extra={<Button onClick={dashboard.retry}>{t('engine.retry')}</Button>}
      />
    );
  return (
    <div className="dashboard-kind">
      {spec.figures?.length ? (
        <Row gutter={[16, 16]}>
          {spec.figures.map((f) => (
            <Col key={f.name} xs={12} lg={24 / Math.min(4, spec.figures!.length)}>
              <Card size="small" data-testid={`figure-${f.name}`}>
                {dashboard.loading || !data ? (
                  <Skeleton active paragraph={false} />
                ) : (
                  <Statistic title={t(f.title)} value={figureText(data.figures[f.name], f.cell)} />
                )}
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
      <Row gutter={[16, 16]}>
        {spec.charts.map((c) => (
          <Col key={c.name} xs={24} xl={c.span === 2 ? 24 : 12}>
            <Card title={t(c.title)} size="small" data-testid={`chart-${c.name}`}>
              {!data ? (
                <Skeleton active />
              ) : (
                <Suspense fallback={<div className="report-chart" />}>
                  <ChartOf chart={c} groups={data.charts[c.name] ?? []} source={source} color={color} />
                </Suspense>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}

function figureText(v: number | null | undefined, cell?: string): string {
  if (v === null || v === undefined) return '-';
  return cell === 'Money' ? `¥${fenToYuan(Math.round(v))}` : Math.round(v).toLocaleString();
}

function ChartOf({ chart, groups, source, color }: { chart: DashboardChart; groups: Groups; source?: PageSchema; color: string }) {
  const { t } = useTranslation();
  const label = useMemo(() => {
    const labels = source ? fieldSchema(source, chart.groupBy)?.['x-enum-labels'] : undefined;
    return (key: unknown) => (key === null || key === undefined ? '-' : labels ? t(`${labels}.${key}`) : String(key));
  }, [source, chart.groupBy, t]);
  const series = useMemo(
    () =>
      chart.measures.map((m) => ({
        name: t(m.title),
        money: m.cell === 'Money',
        values: groups.map((g) => Number(g[m.name] ?? 0) / (m.cell === 'Money' ? 100 : 1)),
      })),
    [chart, groups, t],
  );
  const categories = useMemo(() => groups.map((g) => label(g.key)), [groups, label]);
  const mapValues = useMemo(
    () => groups.filter((g) => g.key !== null).map((g) => ({ key: String(g.key), value: Number(g[chart.measures[0].name] ?? 0) })),
    [groups, chart],
  );
  if (!groups.length) return <Empty className="dashboard-kind__empty" description={t('engine.list.empty')} />;
  if (chart.type === 'map') return <MapChart values={mapValues} name={series[0].name} color={color} />;
  return <ReportChart type={chart.type} categories={categories} series={series} color={color} />;
}
