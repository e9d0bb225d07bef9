export interface RangePreset {
  key: 'datePresets.lastWeek' | 'datePresets.lastMonth' | 'datePresets.lastThreeMonths';
  range: [Date, Date];
}

export interface InstantPreset {
  key: 'datePresets.in5Minutes' | 'datePresets.in30Minutes' | 'datePresets.in1Hour';
  value: Date;
}

const MINUTE = 60_000;

/**
 * Same local time of day `months` calendar months earlier. The day of month is clamped so that
 * 31 March minus one month is the end of February rather than rolling over into March.
 */
export function subtractMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  result.setDate(1);
  result.setMonth(result.getMonth() - months);
  const lastDay = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(date.getDate(), lastDay));
  return result;
}

function subtractDays(date: Date, days: number): Date {
  // Calendar days keep the wall-clock time across daylight-saving changes.
  const result = new Date(date.getTime());
  result.setDate(result.getDate() - days);
  return result;
}

export function pastRangePresets(now: Date | number = new Date()): RangePreset[] {
  const end = new Date(now instanceof Date ? now.getTime() : now);
  return [
    { key: 'datePresets.lastWeek', range: [subtractDays(end, 7), new Date(end.getTime())] },
    { key: 'datePresets.lastMonth', range: [subtractMonths(end, 1), new Date(end.getTime())] },
    { key: 'datePresets.lastThreeMonths', range: [subtractMonths(end, 3), new Date(end.getTime())] },
  ];
}

export function futurePresets(now: Date | number = new Date()): InstantPreset[] {
  const base = now instanceof Date ? now.getTime() : now;
  return [
    { key: 'datePresets.in5Minutes', value: new Date(base + 5 * MINUTE) },
    { key: 'datePresets.in30Minutes', value: new Date(base + 30 * MINUTE) },
    { key: 'datePresets.in1Hour', value: new Date(base + 60 * MINUTE) },
  ];
}
