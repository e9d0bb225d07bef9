import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { followSize } from '../../utils/followSize';
import { withMotion } from '../../utils/motion';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface Series {
  name: string;
  values: number[];
  money?: boolean;
}

/** A grouped aggregate as a bar, line or pie chart. */
export function ReportChart({
  type,
  categories,
  series,
  color,
}: {
  type: 'bar' | 'line' | 'pie';
  categories: string[];
  series: Series[];
  color: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: 'svg' });
    const dual = series.some((s) => s.money) && series.some((s) => !s.money);
    const palette = [color, '#13c2c2', '#faad14', '#722ed1', '#52c41a', '#eb2f96'];
    chart.setOption(
      withMotion(
        type === 'pie'
          ? {
              color: palette,
              tooltip: { trigger: 'item' },
              legend: { bottom: 0 },
              series: [
                { type: 'pie', radius: ['35%', '65%'], data: categories.map((c, i) => ({ name: c, value: series[0]?.values[i] ?? 0 })) },
              ],
            }
          : {
              color: palette,
              tooltip: { trigger: 'axis' },
              legend: { top: 0 },
              grid: { left: 56, right: dual ? 72 : 24, top: 40, bottom: 32 },
              xAxis: { type: 'category', data: categories },
              // Counts and yuan amounts differ by orders of magnitude: money gets an axis of its own.
              yAxis: dual ? [{ type: 'value' }, { type: 'value', axisLabel: { formatter: '¥{value}' } }] : { type: 'value' },
              series: series.map((s) => ({
                name: s.name,
                type,
                data: s.values,
                smooth: type === 'line',
                yAxisIndex: dual && s.money ? 1 : 0,
              })),
            },
      ),
    );
    const unfollow = followSize(ref.current, () => chart.resize());
    return () => {
      unfollow();
      chart.dispose();
    };
  }, [type, categories, series, color]);
  return <div ref={ref} className="report-chart" role="img" aria-label={series.map((s) => s.name).join(', ')} />;
}
