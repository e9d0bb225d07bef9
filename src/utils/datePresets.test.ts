import { describe, it, expect } from 'vitest';
import { futurePresets, pastRangePresets, subtractMonths } from './datePresets';

const keysOf = (list: { key: string }[]) => list.map((p) => p.key);

describe('subtractMonths', () => {
  it('keeps the day and time when the target month has it', () => {
    const d = new Date(2024, 5, 15, 13, 45, 10, 123);
    expect(subtractMonths(d, 1)).toEqual(new Date(2024, 4, 15, 13, 45, 10, 123));
    expect(subtractMonths(d, 3)).toEqual(new Date(2024, 2, 15, 13, 45, 10, 123));
  });
  it('clamps to the end of shorter months', () => {
    expect(subtractMonths(new Date(2024, 2, 31), 1)).toEqual(new Date(2024, 1, 29));
    expect(subtractMonths(new Date(2023, 2, 31), 1)).toEqual(new Date(2023, 1, 28));
    expect(subtractMonths(new Date(2024, 4, 31), 3)).toEqual(new Date(2024, 1, 29));
    expect(subtractMonths(new Date(2024, 6, 31), 1)).toEqual(new Date(2024, 5, 30));
    expect(subtractMonths(new Date(2100, 2, 29), 1)).toEqual(new Date(2100, 1, 28));
  });
  it('crosses year boundaries', () => {
    expect(subtractMonths(new Date(2024, 0, 31, 8), 1)).toEqual(new Date(2023, 11, 31, 8));
    expect(subtractMonths(new Date(2024, 1, 29), 3)).toEqual(new Date(2023, 10, 29));
    expect(subtractMonths(new Date(2024, 0, 15), 13)).toEqual(new Date(2022, 11, 15));
  });
  it('does not mutate its input', () => {
    const d = new Date(2024, 2, 31);
    subtractMonths(d, 1);
    expect(d).toEqual(new Date(2024, 2, 31));
  });
});

describe('pastRangePresets', () => {
  it('returns the three ranges ending at now', () => {
    const now = new Date(2024, 5, 15, 9, 30);
    const presets = pastRangePresets(now);
    expect(keysOf(presets)).toEqual(['datePresets.lastWeek', 'datePresets.lastMonth', 'datePresets.lastThreeMonths']);
    expect(presets[0].range).toEqual([new Date(2024, 5, 8, 9, 30), now]);
    expect(presets[1].range).toEqual([new Date(2024, 4, 15, 9, 30), now]);
    expect(presets[2].range).toEqual([new Date(2024, 2, 15, 9, 30), now]);
  });
  it('clamps month ranges at month ends', () => {
    const presets = pastRangePresets(new Date(2024, 2, 31, 23, 59));
    expect(presets[0].range[0]).toEqual(new Date(2024, 2, 24, 23, 59));
    expect(presets[1].range[0]).toEqual(new Date(2024, 1, 29, 23, 59));
    expect(presets[2].range[0]).toEqual(new Date(2023, 11, 31, 23, 59));
  });
  it('week range crosses month and year boundaries', () => {
    expect(pastRangePresets(new Date(2024, 0, 3))[0].range[0]).toEqual(new Date(2023, 11, 27));
  });
  it('hands out independent Date objects', () => {
    const now = new Date(2024, 5, 15);
    const presets = pastRangePresets(now);
    expect(presets[0].range[1]).not.toBe(now);
    presets[0].range[1].setFullYear(2000);
    expect(presets[1].range[1]).toEqual(now);
    expect(now).toEqual(new Date(2024, 5, 15));
  });
  it('accepts a timestamp and defaults to the current time', () => {
    const ms = new Date(2024, 5, 15).getTime();
    expect(pastRangePresets(ms)[1].range).toEqual([new Date(2024, 4, 15), new Date(ms)]);
    const before = Date.now();
    const [start, end] = pastRangePresets()[0].range;
    expect(end.getTime()).toBeGreaterThanOrEqual(before);
    expect(end.getTime()).toBeLessThanOrEqual(Date.now());
    expect(start.getTime()).toBeLessThan(end.getTime());
  });
});

describe('futurePresets', () => {
  it('returns instants 5, 30 and 60 minutes ahead', () => {
    const now = new Date(2024, 5, 15, 23, 40);
    const presets = futurePresets(now);
    expect(keysOf(presets)).toEqual(['datePresets.in5Minutes', 'datePresets.in30Minutes', 'datePresets.in1Hour']);
    expect(presets.map((p) => p.value.getTime() - now.getTime())).toEqual([300_000, 1_800_000, 3_600_000]);
    expect(presets[2].value).toEqual(new Date(2024, 5, 16, 0, 40));
  });
  it('accepts a timestamp and defaults to the current time', () => {
    expect(futurePresets(0)[0].value.getTime()).toBe(300_000);
    const before = Date.now();
    const value = futurePresets()[0].value.getTime();
    expect(value).toBeGreaterThanOrEqual(before + 300_000);
    expect(value).toBeLessThanOrEqual(Date.now() + 300_000);
  });
});
