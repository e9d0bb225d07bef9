import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { MapChart as EMap } from 'echarts/charts';
import { TooltipComponent, VisualMapComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { followSize } from '../../../utils/followSize';
import { useTranslation } from 'react-i18next';
import { registerChinaMap } from './chinaMap';
import { provinceName } from './provinces';
import { withMotion } from '../../../utils/motion';

echarts.use([EMap, TooltipComponent, VisualMapComponent, SVGRenderer]);

/** A map of China with one value per province (keys are province codes such as "310000"). */
export function MapChart({ values, name, color }: { values: { key: string; value: number }[]; name: string; color: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!ref.current) return;
    registerChinaMap();
    const lang = i18n.language;
    const chart = echarts.init(ref.current, undefined, { renderer: 'svg' });
    const max = Math.max(1, ...values.map((v) => v.value));
    chart.setOption(
      withMotion({
        tooltip: {
          trigger: 'item',
          formatter: (p: { name: string; value?: number }) => `${provinceName(p.name, lang)}: ${Number.isFinite(p.value) ? p.value : 0}`,
        },
        visualMap: { min: 0, max, left: 8, bottom: 8, calculable: true, itemHeight: 96, inRange: { color: ['#e6f4ff', color] } },
        series: [
          {
            name,
            type: 'map',
            map: 'china',
            roam: false,
            zoom: 1.15,
            top: 24,
            bottom: 8,
            label: { show: false },
            emphasis: { label: { show: false } },
            data: values.map((v) => ({ name: v.key, value: v.value })),
          },
        ],
      }),
    );
    const unfollow = followSize(ref.current, () => chart.resize());
    return () => {
      unfollow();
      chart.dispose();
    };
  }, [values, name, color, i18n.language]);
  return <div ref={ref} className="dashboard-kind__map" role="img" aria-label={name} />;
}
