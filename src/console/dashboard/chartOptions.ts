/** echarts options of the dashboard's four charts, built from the server's figures (pure, so tested without a canvas). */
export interface Daily { day: string; waybills: number; freightFen: number }
export interface StatusCount { status: string; count: number }
export interface CarrierScores { code: string; name: string; waybills: number; scores: number[] }

const axisDay = (day: string) => day.slice(5);

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

export function lineOption(daily: Daily[], name: string, color: string) {
  return {
    color: [color],
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `¥${v.toLocaleString()}` },
    grid: { left: 64, right: 16, top: 24, bottom: 28 },
    xAxis: { type: 'category', boundaryGap: false, data: daily.map((d) => axisDay(d.day)) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => (v >= 10000 ? `${Math.round(v / 1000) / 10}万` : String(v)) } },
    series: [{ name, type: 'line', smooth: true, showSymbol: false, areaStyle: { opacity: 0.15 }, data: daily.map((d) => Math.round(d.freightFen / 100)) }],
  };
}

export function pieOption(statuses: StatusCount[], label: (status: string) => string, color: string) {
  return {
    color: [color, '#13c2c2', '#52c41a', '#faad14', '#722ed1', '#eb2f96', '#8c8c8c'],
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ type: 'pie', radius: ['40%', '68%'], center: ['50%', '44%'], avoidLabelOverlap: true, label: { show: false },
      data: statuses.map((s) => ({ name: label(s.status), value: s.count })) }],
  };
}

export function radarOption(carriers: CarrierScores[], indicators: string[], color: string) {
  return {
    color: [color, '#faad14', '#52c41a'],
    tooltip: {},
    legend: { bottom: 0, data: carriers.map((c) => c.name) },
    radar: { radius: '62%', center: ['50%', '46%'], indicator: indicators.map((name) => ({ name, max: 100 })) },
    series: [{ type: 'radar', areaStyle: { opacity: 0.12 }, data: carriers.map((c) => ({ name: c.name, value: c.scores })) }],
  };
}
