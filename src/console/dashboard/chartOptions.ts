/** echarts options of the dashboard's four charts, built from the server's figures (pure, so tested without a canvas). */
export interface Daily {
  day: string;
  waybills: number;
  freightFen: number;
}
export interface StatusCount {
  status: string;
  count: number;
}
export interface CarrierScores {
  code: string;
  name: string;
  waybills: number;
  scores: number[];
}

const axisDay = (day: string) => day.slice(5);

/** Series colours after the theme colour, chosen far enough from it that two series never look alike. */
const PALETTE = ['#1890ff', '#13c2c2', '#52c41a', '#faad14', '#722ed1', '#eb2f96', '#fa541c', '#2f54eb', '#8c8c8c'];

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** A rough perceptual distance (redmean), enough to tell "the same blue" from "another colour". */
export function colourDistance(a: string, b: string): number {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const rm = (r1 + r2) / 2;
  return Math.sqrt((2 + rm / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - rm) / 256) * (b1 - b2) ** 2);
}

export function paletteFor(theme: string): string[] {
  return [theme, ...PALETTE.filter((c) => colourDistance(c, theme) > 150)];
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * Axis figures in the reader's language: 25万 in Chinese and Japanese, 250K in English. The format
 * is made at the first figure, when the chart draws after the dashboard has shown: making one
 * loads the language's data (about 13 ms), which the dashboard's first render need not wait for.
 */
export function compactNumber(locale: string) {
  return (v: number) => {
    let format = compactFormats.get(locale);
    if (!format) compactFormats.set(locale, (format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })));
    return format.format(v);
  };
}

export function barOption(daily: Daily[], name: string, color: string) {
  const last = daily.slice(-14);
  return {
    color: [color],
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 28 },
    xAxis: { type: 'category', data: last.map((d) => axisDay(d.day)), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name, type: 'bar', barMaxWidth: 22, data: last.map((d) => d.waybills), itemStyle: { borderRadius: [3, 3, 0, 0] } }],
  };
}

export function lineOption(daily: Daily[], name: string, color: string, locale = 'zh-CN') {
  return {
    color: [color],
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `¥${v.toLocaleString(locale)}` },
    grid: { left: 64, right: 16, top: 24, bottom: 28 },
    xAxis: { type: 'category', boundaryGap: false, data: daily.map((d) => axisDay(d.day)) },
    yAxis: { type: 'value', axisLabel: { formatter: compactNumber(locale) } },
    series: [
      {
        name,
        type: 'line',
        smooth: true,
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        data: daily.map((d) => Math.round(d.freightFen / 100)),
      },
    ],
  };
}

/**
 * A donut where one state dominates (most waybills end settled) still shows the small ones: every
 * slice has a minimum angle and a label with its count, drawn outside.
 */
export function pieOption(statuses: StatusCount[], label: (status: string) => string, color: string) {
  return {
    color: paletteFor(color),
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['34%', '58%'],
        center: ['50%', '44%'],
        minAngle: 6,
        avoidLabelOverlap: true,
        label: { show: true, formatter: '{b} {c}', fontSize: 11 },
        labelLine: { length: 6, length2: 6 },
        data: statuses.map((s) => ({ name: label(s.status), value: s.count })),
      },
    ],
  };
}

export function radarOption(carriers: CarrierScores[], indicators: string[], color: string) {
  return {
    color: paletteFor(color),
    tooltip: {},
    legend: { bottom: 0, data: carriers.map((c) => c.name) },
    radar: { radius: '62%', center: ['50%', '46%'], indicator: indicators.map((name) => ({ name, max: 100 })) },
    series: [{ type: 'radar', areaStyle: { opacity: 0.12 }, data: carriers.map((c) => ({ name: c.name, value: c.scores })) }],
  };
}
