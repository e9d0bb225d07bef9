import { describe, expect, it } from 'vitest';
import { barOption, lineOption, pieOption, radarOption } from './chartOptions';

const daily = Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, waybills: i, freightFen: i * 100_00 }));

describe('dashboard chart options', () => {
  it('bars the last fourteen days of waybills', () => {
    const o = barOption(daily, 'Waybills', '#1890ff');
    expect(o.xAxis.data).toHaveLength(14);
    expect(o.xAxis.data[0]).toBe('11-17');
    expect(o.series[0].data.at(-1)).toBe(29);
  });

  it('draws freight in yuan, not fen', () => {
    expect(lineOption(daily, 'Freight', '#1890ff').series[0].data[3]).toBe(300);
  });

  it('labels statuses and scores carriers on five axes out of 100', () => {
    const pie = pieOption([{ status: 'inTransit', count: 4 }], (s) => `label:${s}`, '#000');
    expect(pie.series[0].data).toEqual([{ name: 'label:inTransit', value: 4 }]);
    const radar = radarOption([{ code: 'C1', name: '顺达', waybills: 9, scores: [90, 80, 70, 60, 50] }], ['a', 'b', 'c', 'd', 'e'], '#000');
    expect(radar.radar.indicator).toHaveLength(5);
    expect(radar.radar.indicator.every((i) => i.max === 100)).toBe(true);
    expect(radar.series[0].data[0].value).toEqual([90, 80, 70, 60, 50]);
  });
});
