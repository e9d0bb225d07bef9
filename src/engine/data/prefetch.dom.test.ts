import { arrivedAnswer, forgetPreloaded, preloadAnswer } from './prefetch';

describe('answers asked for ahead', () => {
  beforeEach(() => forgetPreloaded());
  afterEach(() => vi.useRealTimers());

  it('sends one request for a key until it is taken', async () => {
    let calls = 0;
    const fetcher = () => Promise.resolve(++calls);
    const a = preloadAnswer(['k', 1], fetcher);
    const b = preloadAnswer(['k', 1], fetcher);
    expect(a).toBe(b);
    expect(await a).toBe(1);
    expect(calls).toBe(1);
  });

  it('shows an answer once it has arrived, not before', async () => {
    let release: (v: string) => void = () => undefined;
    const answer = preloadAnswer(
      'rows',
      () =>
        new Promise<string>((r) => {
          release = r;
        }),
    );
    expect(arrivedAnswer('rows')).toBeUndefined();
    release('here');
    await answer;
    expect(arrivedAnswer('rows')).toBe('here');
  });

  it('drops an answer nobody took within ten seconds', async () => {
    vi.useFakeTimers();
    let calls = 0;
    await preloadAnswer('k', () => Promise.resolve(++calls));
    vi.advanceTimersByTime(10_001);
    expect(arrivedAnswer('k')).toBeUndefined();
    await preloadAnswer('k', () => Promise.resolve(++calls));
    expect(calls).toBe(2);
  });

  it('forgets everything at logout', async () => {
    await preloadAnswer('k', () => Promise.resolve('first user'));
    forgetPreloaded();
    expect(arrivedAnswer('k')).toBeUndefined();
    expect(await preloadAnswer('k', () => Promise.resolve('second user'))).toBe('second user');
  });

  it('leaves a failure to the component that takes it, without an unhandled rejection', async () => {
    const failed = preloadAnswer('k', () => Promise.reject(new Error('down')));
    await expect(failed).rejects.toThrow('down');
    expect(arrivedAnswer('k')).toBeUndefined();
  });
});
