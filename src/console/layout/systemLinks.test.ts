import { describe, expect, it, vi } from 'vitest';
import { CONFIGURING_MS, openSystemLink } from './systemLinks';

const t = (k: string) => k;
const feedback = () => ({ loading: vi.fn(), success: vi.fn(), warning: vi.fn() });

describe('system links', () => {
  it('warns for an empty link or #', async () => {
    for (const link of ['', '#', null]) {
      const f = feedback();
      const open = vi.fn();
      await openSystemLink(link, 2, f, t, open);
      expect(f.warning).toHaveBeenCalledWith('layout.systemUnderDevelopment');
      expect(open).not.toHaveBeenCalled();
    }
  });

  it('with action 2 says configuring for 3 s, then success, then opens', async () => {
    vi.useFakeTimers();
    const f = feedback();
    const open = vi.fn();
    const done = openSystemLink('https://tms.example.test', 2, f, t, open);
    expect(f.loading).toHaveBeenCalledWith('layout.configuring', 3);
    vi.advanceTimersByTime(CONFIGURING_MS - 1);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await done;
    expect(f.success).toHaveBeenCalledWith('layout.success');
    expect(open).toHaveBeenCalledWith('https://tms.example.test');
    vi.useRealTimers();
  });

  it('opens other links at once', async () => {
    const open = vi.fn();
    await openSystemLink('https://x.test', 1, feedback(), t, open);
    expect(open).toHaveBeenCalledOnce();
  });
});
