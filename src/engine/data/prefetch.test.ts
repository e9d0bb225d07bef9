import { fetchOnce, forgetPrefetched, prefetch } from './prefetch';

describe('prefetched answers', () => {
  beforeEach(() => {
    forgetPrefetched();
    vi.useRealTimers();
  });

  it('hands a prefetched answer to the first fetch only', async () => {
    let calls = 0;
    const fetcher = () => Promise.resolve(++calls);
    prefetch('k', fetcher);
    expect(await fetchOnce('k', fetcher)).toBe(1);
    expect(await fetchOnce('k', fetcher)).toBe(2);
    expect(calls).toBe(2);
  });

  it('does not use an answer older than ten seconds', async () => {
    vi.useFakeTimers({ now: 0 });
    let calls = 0;
    const fetcher = () => Promise.resolve(++calls);
    prefetch('k', fetcher);
    vi.setSystemTime(10_001);
    expect(await fetchOnce('k', fetcher)).toBe(2);
  });

  it('forgets everything at logout', async () => {
    let calls = 0;
    const fetcher = () => Promise.resolve(++calls);
    prefetch('k', fetcher);
    forgetPrefetched();
    expect(await fetchOnce('k', fetcher)).toBe(2);
  });

  it('passes a prefetch failure to the component that uses it, without an unhandled rejection', async () => {
    prefetch('k', () => Promise.reject(new Error('down')));
    await expect(fetchOnce('k', () => Promise.resolve('never'))).rejects.toThrow('down');
  });
});
