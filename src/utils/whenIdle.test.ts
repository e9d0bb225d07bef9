import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenSettled } from './whenIdle';

describe('whenSettled', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the settling time, then for an idle moment; a cancel before stops it', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    whenSettled(fn, 1500);
    vi.advanceTimersByTime(1499);
    expect(fn).not.toHaveBeenCalled();
    // No requestIdleCallback here: the idle moment is 200 ms later.
    vi.advanceTimersByTime(1 + 200);
    expect(fn).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancelEarly = whenSettled(cancelled, 1500);
    vi.advanceTimersByTime(1000);
    cancelEarly();
    const cancelLate = whenSettled(cancelled, 1500);
    vi.advanceTimersByTime(1600); // settled, waiting for idle
    cancelLate();
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
