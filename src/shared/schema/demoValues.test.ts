import { describe, expect, it } from 'vitest';
import { resolveDemoValue } from './demoValues';

// 2026-11-24 17:30 UTC is 2026-11-25 01:30 in China: the China day has already turned.
const NOW = Date.parse('2026-11-24T17:30:00Z');

describe('relative demo values', () => {
  it('moves @now by days, hours and minutes', () => {
    expect(resolveDemoValue('@now-1d', NOW)).toBe('2026-11-23T17:30:00.000Z');
    expect(resolveDemoValue('@now+12h', NOW)).toBe('2026-11-25T05:30:00.000Z');
  });

  it('gives @today as the China date and a wall-clock time on that day', () => {
    expect(resolveDemoValue('@today', NOW)).toBe('2026-11-25');
    expect(resolveDemoValue('@today-3d', NOW)).toBe('2026-11-22');
    // Days ahead too: due dates, expiries, planned inspections.
    expect(resolveDemoValue('@today+3d', NOW)).toBe('2026-11-28');
    expect(resolveDemoValue('@today+10d 08:00', NOW)).toBe('2026-12-05T00:00:00.000Z');
    expect(resolveDemoValue('@today-3d 10:30', NOW)).toBe('2026-11-22T02:30:00.000Z');
  });

  it('leaves other strings and values alone', () => {
    expect(resolveDemoValue('@today-3', NOW)).toBe('@today-3');
    expect(resolveDemoValue(42, NOW)).toBe(42);
  });
});
