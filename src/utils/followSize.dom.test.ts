import { afterEach, describe, expect, it, vi } from 'vitest';
import { followSize } from './followSize';

type Callback = (entries: { contentRect: { width: number; height: number } }[]) => void;
let observed: Callback | null = null;

class FakeResizeObserver {
  constructor(cb: Callback) {
    observed = cb;
  }
  observe() {}
  disconnect() {
    observed = null;
  }
}

const report = (width: number, height: number) => observed?.([{ contentRect: { width, height } }]);

describe('followSize', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resizes for a new size only: not when hidden, nor when shown again at the size it had', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { value: 800 });
    Object.defineProperty(el, 'clientHeight', { value: 280 });
    const resize = vi.fn();
    const stop = followSize(el, resize);
    report(800, 280); // the first observation: the size the chart was drawn at
    expect(resize).not.toHaveBeenCalled();
    report(0, 0); // its page hidden
    report(800, 280); // shown again
    expect(resize).not.toHaveBeenCalled();
    report(640.4, 280); // the window narrowed
    expect(resize).toHaveBeenCalledTimes(1);
    report(0, 0);
    report(800, 280);
    expect(resize).toHaveBeenCalledTimes(2);
    stop();
    expect(observed).toBeNull();
  });

  it('draws a chart first observed hidden once it has a size', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const el = document.createElement('div');
    const resize = vi.fn();
    followSize(el, resize);
    report(0, 0);
    expect(resize).not.toHaveBeenCalled();
    report(800, 280);
    expect(resize).toHaveBeenCalledTimes(1);
  });
});
