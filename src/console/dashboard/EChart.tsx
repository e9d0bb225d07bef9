import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { followSize } from '../../utils/followSize';
import { withMotion } from '../../utils/motion';

echarts.use([BarChart, LineChart, PieChart, RadarChart, GridComponent, LegendComponent, RadarComponent, TooltipComponent, SVGRenderer]);

/** Runs `fn` once the browser has painted the current frame; returns a cancel function. */
function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * One echarts chart that follows its container's size. It is drawn after the frame that shows the
 * page: drawing four charts takes longer than the rest of the dashboard, whose figures and lists
 * should not wait for them.
 */
export function EChart({ option, label, height = 280 }: { option: echarts.EChartsCoreOption; label: string; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef(option);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let unfollow: (() => void) | undefined;
    const cancel = afterPaint(() => {
      chart.current = echarts.init(el, undefined, { renderer: 'svg' });
      chart.current.setOption(withMotion(latest.current), true);
      unfollow = followSize(el, () => chart.current?.resize());
    });
    return () => {
      cancel();
      unfollow?.();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(withMotion(option), true);
  }, [option]);
  return <div ref={ref} style={{ height }} role="img" aria-label={label} className="dashboard-chart" />;
}
