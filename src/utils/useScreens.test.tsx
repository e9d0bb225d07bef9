import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A window of `width` px whose media queries answer as a browser's would, and tell when they change. */
function windowOf(width: number) {
  const listeners = new Set<() => void>();
  const matches = (query: string) => {
    const min = /min-width: ([\d.]+)px/.exec(query);
    const max = /max-width: ([\d.]+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    addEventListener: (_: string, cb: () => void) => listeners.add(cb),
    removeEventListener: (_: string, cb: () => void) => listeners.delete(cb),
  }));
  return {
    resize(to: number) {
      width = to;
      listeners.forEach((cb) => cb());
    },
  };
}

describe('useScreens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('answers the real breakpoints at the first render, so a component renders once, and follows a resize', async () => {
    const win = windowOf(1000);
    vi.resetModules(); // the module keeps its media query lists
    const { useScreens } = await import('./useScreens');
    let renders = 0;
    function Probe() {
      renders++;
      const s = useScreens();
      return <p>{(['xs', 'sm', 'md', 'lg', 'xl'] as const).filter((k) => s[k]).join(' ')}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('sm md lg')).toBeInTheDocument();
    expect(renders).toBe(1);
    act(() => win.resize(500));
    expect(screen.getByText('xs')).toBeInTheDocument();
    expect(renders).toBe(2);
  });
});
