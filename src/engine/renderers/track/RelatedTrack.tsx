import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Relation, RelationTrack } from '../../../shared/schema/types';
import { pageApi, type PageBundle, type Rec } from '../../data/pageApi';
import { listKey } from '../../controllers/listQuery';
import { trackPoints } from './points';

// echarts and the province shapes load only when a track is shown.
const TrackMap = lazy(() => import('./TrackMap').then((m) => ({ default: m.TrackMap })));

/** How many of the latest points are drawn; a waybill's fixes stay well below it. */
export const TRACK_LIMIT = 500;

/** A relation shown on the map: the parent's latest points in time order, its locked list below. */
export function RelatedTrack({
  bundle,
  relation,
  parentKey,
  children,
}: {
  bundle: PageBundle;
  relation: Relation & { track: RelationTrack };
  parentKey: string;
  children: ReactNode;
}) {
  const { page } = bundle;
  const params = useMemo(
    () => ({
      page: '1',
      size: String(TRACK_LIMIT),
      sort: `-${relation.track.time}`,
      parent: parentKey,
      parentField: relation.field,
    }),
    [relation, parentKey],
  );
  const { data, isLoading } = useSWR(listKey(page.id, params), () => pageApi.list(page.id, params));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TrackView bundle={bundle} relation={relation} rows={data?.list} loading={isLoading} total={data?.total ?? 0} />
      {children}
    </Space>
  );
}

/** The map of the rows given, or why there is none. */
export function TrackView({
  bundle,
  relation,
  rows,
  loading,
  total,
}: {
  bundle: PageBundle;
  relation: Relation & { track: RelationTrack };
  rows?: Rec[];
  loading: boolean;
  total: number;
}) {
  const { t } = useTranslation();
  const points = useMemo(() => trackPoints(bundle.page, relation.track, rows ?? [], t), [bundle.page, relation.track, rows, t]);
  const labels = useMemo(() => ({ start: t('engine.related.track.start'), end: t('engine.related.track.end') }), [t]);
  const line = relation.track.line !== false;
  if (loading && !rows) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!points.length)
    return <Empty className="related-track__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('engine.related.track.empty')} />;
  return (
    <div className="related-track" data-testid={`track-${relation.name}`}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <TrackMap points={points} line={line} name={t(relation.title ?? bundle.page.title)} labels={labels} />
      </Suspense>
      <Typography.Text type="secondary" className="related-track__note">
        {t(line ? 'engine.related.track.route' : 'engine.related.track.markers', { count: points.length })}
        {total > TRACK_LIMIT ? ` ${t('engine.related.track.capped', { limit: TRACK_LIMIT })}` : ''}
      </Typography.Text>
    </div>
  );
}
