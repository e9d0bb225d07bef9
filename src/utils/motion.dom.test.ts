import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion, scrollBehavior, withMotion } from './motion';

function systemAsks(reduce: boolean | null) {
  vi.stubGlobal(
    'matchMedia',
    reduce === null ? undefined : (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }),
  );
}

describe('motion as the system asks for it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('scrolls smoothly and keeps a chart’s animation by default', () => {
    systemAsks(false);
    expect(prefersReducedMotion()).toBe(false);
    expect(scrollBehavior()).toBe('smooth');
    const option = { series: [] };
    expect(withMotion(option)).toBe(option);
  });

  it('jumps and draws charts at once when the system asks for less motion', () => {
    systemAsks(true);
    expect(prefersReducedMotion()).toBe(true);
    expect(scrollBehavior()).toBe('auto');
    const option = { series: [], animation: true };
    expect(withMotion(option)).toEqual({ series: [], animation: false });
    expect(option.animation).toBe(true);
  });

  it('keeps motion where the browser cannot say', () => {
    systemAsks(null);
    expect(prefersReducedMotion()).toBe(false);
  });
});
