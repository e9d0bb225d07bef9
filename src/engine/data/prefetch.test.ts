import { fetchOnce, forgetPrefetched, peekPrefetched, prefetch } from './prefetch';

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

describe('peeking at a prefetched answer', () => {
  beforeEach(() => forgetPrefetched());

  it('gives the answer once it has arrived, and leaves it for the fetch', async () => {
    let release: (v: string) => void = () => undefined;
    prefetch('k', () => new Promise<string>((r) => { release = r; }));
    expect(peekPrefetched('k')).toBeUndefined();
    release('rows');
    await Promise.resolve();
    await Promise.resolve();
    expect(peekPrefetched('k')).toBe('rows');
    expect(await fetchOnce('k', () => Promise.resolve('again'))).toBe('rows');
    expect(peekPrefetched('k')).toBeUndefined();
  });

  it('has nothing for a failed request', async () => {
    const failed = prefetch('k', () => Promise.reject(new Error('down')));
    await failed.catch(() => undefined);
    expect(peekPrefetched('k')).toBeUndefined();
  });
});
