import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LinesChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { followSize } from '../../../utils/followSize';
import { useTranslation } from 'react-i18next';
import { registerChinaMap } from '../dashboard/chinaMap';
import { provinceName } from '../dashboard/provinces';
import { trackBounds, type TrackPoint } from './points';

echarts.use([GeoComponent, LinesChart, ScatterChart, TooltipComponent, SVGRenderer]);

export interface TrackMapProps {
  points: TrackPoint[];
  /** Join the points into a route (start and end marked) rather than separate markers. */
  line: boolean;
  name: string;
  labels: { start: string; end: string };
  /** Route blue, markers orange-red unless given. */
  color?: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const tipOf = (p: TrackPoint, head?: string) =>
  [head ? `<b>${escape(head)}</b>` : '', ...p.tip.map(([k, v]) => `${escape(k)}: ${escape(v)}`)].filter(Boolean).join('<br/>');

/** Points over the China map, fitted to where they lie; pointing at one shows its tooltip lines. */
export function TrackMap({ points, line, name, labels, color = line ? '#1677ff' : '#fa541c' }: TrackMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!ref.current) return;
    registerChinaMap();
    const chart = echarts.init(ref.current, undefined, { renderer: 'svg' });
    const datum = (p: TrackPoint, head?: string) => ({ value: [p.lng, p.lat], tip: tipOf(p, head) });
    const first = points[0];
    const last = points[points.length - 1];
    const ends =
      line && points.length > 0
        ? [
            { ...datum(first, labels.start), name: labels.start, itemStyle: { color: '#52c41a' } },
            ...(points.length > 1 ? [{ ...datum(last, labels.end), name: labels.end, itemStyle: { color: '#f5222d' } }] : []),
          ]
        : [];
    chart.setOption({
      tooltip: { trigger: 'item', formatter: (p: { data?: { tip?: string } }) => p.data?.tip ?? '' },
      geo: {
        map: 'china',
        roam: true,
        boundingCoords: trackBounds(points),
        top: 12,
        bottom: 12,
        left: 12,
        right: 12,
        itemStyle: { areaColor: '#eef2f8', borderColor: '#aab6c8' },
        emphasis: { disabled: true },
        // Province names give a short route its bearings.
        label: { show: true, color: '#8492a6', fontSize: 11, formatter: (p: { name: string }) => provinceName(p.name, i18n.language) },
      },
      series: [
        ...(line && points.length > 1
          ? [
              {
                name,
                type: 'lines',
                coordinateSystem: 'geo',
                polyline: true,
                silent: true,
                lineStyle: { color, width: 3, opacity: 0.85 },
                data: [{ coords: points.map((p) => [p.lng, p.lat]) }],
              },
            ]
          : []),
        {
          name,
          type: 'scatter',
          coordinateSystem: 'geo',
          symbolSize: line ? 7 : 26,
          symbol: line ? 'circle' : 'pin',
          itemStyle: { color: line ? '#fff' : color, borderColor: color, borderWidth: line ? 2 : 0 },
          data: points.map((p) => datum(p)),
        },
        ...(ends.length
          ? [
              {
                name,
                type: 'scatter',
                coordinateSystem: 'geo',
                symbol: 'pin',
                symbolSize: 30,
                z: 3,
                label: { show: true, formatter: '{b}', position: 'top', fontSize: 12 },
                data: ends,
              },
            ]
          : []),
      ],
    });
    const unfollow = followSize(ref.current, () => chart.resize());
    return () => {
      unfollow();
      chart.dispose();
    };
  }, [points, line, name, labels, color, i18n.language]);
  return <div ref={ref} className="related-track__map" role="img" aria-label={name} />;
}
