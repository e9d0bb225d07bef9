/**
 * Answers requested before the component that shows them has mounted (right after sign-in), handed
 * to that component's fetcher once. An answer older than a few seconds is not used.
 */
const FRESH_MS = 10_000;
const pending = new Map<string, { at: number; answer: Promise<unknown> }>();

export function prefetch<T>(key: string, fetcher: () => Promise<T>): void {
  const held = pending.get(key);
  if (held && Date.now() - held.at < FRESH_MS) return;
  const answer = fetcher();
  answer.catch(() => undefined); // reported by the component's own fetch, if it gets to use this one
  pending.set(key, { at: Date.now(), answer });
}

/** The prefetched answer for the key if it is fresh, else a new fetch. */
export function fetchOnce<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const held = pending.get(key);
  pending.delete(key);
  return held && Date.now() - held.at < FRESH_MS ? (held.answer as Promise<T>) : fetcher();
}

export function forgetPrefetched(): void {
  pending.clear();
}
