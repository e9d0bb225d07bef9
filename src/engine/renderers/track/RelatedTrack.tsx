import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Relation, RelationTrack } from '../../../shared/schema/types';
import type { PageBundle, Rec } from '../../data/pageApi';
import { TRACK_LIMIT, useTrackRows } from '../../controllers/useRecordParts';
import { trackPoints } from './points';

// echarts and the province shapes load only when a track is shown.
const TrackMap = lazy(() => import('./TrackMap').then((m) => ({ default: m.TrackMap })));

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
  const { rows, loading, total } = useTrackRows(bundle, relation, parentKey);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TrackView bundle={bundle} relation={relation} rows={rows} loading={loading} total={total} />
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
