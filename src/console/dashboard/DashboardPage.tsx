import { useMemo } from 'react';
import { Card, Col, Result, Row, Skeleton, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { isAdmin, useSession } from '../../engine/session/store';
import { fenToYuan } from '../../shared/number';
import { useDashboard } from './useDashboard';
import { arrivedWaybillSchema, fetchWaybillSchema, waybillSchemaKey } from './dashboardData';
import { barOption, lineOption, pieOption, radarOption } from './chartOptions';
import { EChart } from './EChart';
import { TodoCard, TransactionsCard } from './DashboardWidgets';
import './dashboard.css';

/** Labels of waybill states from the waybill page's own schema, when the user may read it. */
function useStatusLabel() {
  const { t, i18n } = useTranslation();
  // A user who may not read waybills gets an error here, and the states show as they are stored.
  const { data } = useSWR(waybillSchemaKey(i18n.language), () => fetchWaybillSchema(i18n.language), {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
    shouldRetryOnError: false,
    fallbackData: arrivedWaybillSchema(i18n.language),
  });
  const prefix = data?.page.model?.properties.status?.['x-enum-labels'];
  return (s: string) => (prefix && data?.messages[`${prefix}.${s}`]) || (prefix ? t(`${prefix}.${s}`, { defaultValue: s }) : s);
}

/**
 * Management centre (spec §2.2): the admin variant looks at the whole platform, the editor variant at
 * the user's own organisation; both with key figures, four charts, to-dos and the latest waybills.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { info, roles } = useSession();
  const { token } = theme.useToken();
  const { data, error } = useDashboard();
  // Not SWR's isLoading: that stays true while data handed over from sign-in is revalidated.
  const isLoading = !data;
  const statusLabel = useStatusLabel();
  const admin = isAdmin(roles);
  const color = token.colorPrimary;
  const radarAxes = useMemo(() => ['punctuality', 'safety', 'service', 'cost', 'capacity'].map((k) => t(`dashboard.radar.${k}`)), [t]);
  const charts = useMemo(
    () =>
      data && {
        bar: barOption(data.daily, t('dashboard.chart.waybills'), color),
        line: lineOption(data.daily, t('dashboard.chart.freight'), color, i18n.language),
        pie: pieOption(data.statuses, statusLabel, color),
        radar: radarOption(data.carriers, radarAxes, color),
      },
    [data, color, t, statusLabel, radarAxes, i18n.language],
  );

  if (error) return <Result status="warning" title={t('dashboard.loadFailed')} subTitle={(error as Error).message} />;
  const f = data?.figures;
  const figures = [
    { key: 'ordersToday', value: f?.ordersToday ?? 0 },
    { key: 'waybillsInTransit', value: f?.waybillsInTransit ?? 0 },
    { key: 'freightThisMonth', value: f ? `¥${fenToYuan(f.freightThisMonthFen)}` : 0 },
    { key: 'exceptionsOpen', value: f?.exceptionsOpen ?? 0 },
  ];
  const chartCard = (key: 'bar' | 'line' | 'pie' | 'radar', title: string, empty: boolean) => (
    <Card title={title} className="dashboard-card" data-testid={`chart-${key}`}>
      {isLoading || !charts ? (
        <Skeleton active />
      ) : empty ? (
        <div className="dashboard-empty">{t('dashboard.noData')}</div>
      ) : (
        <EChart option={charts[key]} label={title} />
      )}
    </Card>
  );
  const noWaybills = !data || data.figures.waybillsTotal === 0;
  return (
    <div className="dashboard" data-variant={admin ? 'admin' : 'editor'}>
      <div className="dashboard-head">
        <div>
          <h2>{t('dashboard.welcome', { name: info?.name ?? '' })}</h2>
          <p className="muted">{admin ? t('dashboard.adminScope') : t('dashboard.editorScope', { party: info?.party.name ?? '' })}</p>
        </div>
      </div>
      <Row gutter={[16, 16]}>
        {figures.map((x) => (
          <Col key={x.key} xs={12} lg={6}>
            <Card className="dashboard-figure" data-testid={`figure-${x.key}`}>
              <Statistic title={t(`dashboard.figure.${x.key}`)} value={x.value} loading={isLoading} />
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={admin ? 16 : 12}>
          {chartCard('line', t('dashboard.chart.freightTitle'), noWaybills)}
        </Col>
        <Col xs={24} xl={admin ? 8 : 12}>
          {admin ? chartCard('pie', t('dashboard.chart.statusTitle'), noWaybills) : <TodoCard />}
        </Col>
        <Col xs={24} xl={admin ? 8 : 12}>
          {chartCard('bar', t('dashboard.chart.waybillsTitle'), noWaybills)}
        </Col>
        <Col xs={24} xl={admin ? 8 : 12}>
          {admin
            ? chartCard('radar', t('dashboard.chart.carrierTitle'), !data?.carriers.length)
            : chartCard('pie', t('dashboard.chart.statusTitle'), noWaybills)}
        </Col>
        <Col xs={24} xl={admin ? 8 : 12}>
          {admin ? <TodoCard /> : chartCard('radar', t('dashboard.chart.carrierTitle'), !data?.carriers.length)}
        </Col>
        <Col xs={24} xl={admin ? 24 : 12}>
          <TransactionsCard rows={data?.latest ?? []} statusLabel={statusLabel} />
        </Col>
      </Row>
    </div>
  );
}
