/**
 * Answers requested before the component that shows them has mounted (right after sign-in), handed
 * to that component's fetcher once. An answer older than a few seconds is not used.
 */
const FRESH_MS = 10_000;
const pending = new Map<string, { at: number; answer: Promise<unknown>; value?: { v: unknown } }>();

/** Starts the request unless a fresh one for the key is on its way; returns its answer. */
export function prefetch<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const held = pending.get(key);
  if (held && Date.now() - held.at < FRESH_MS) return held.answer as Promise<T>;
  const answer = fetcher();
  const entry: { at: number; answer: Promise<unknown>; value?: { v: unknown } } = { at: Date.now(), answer };
  answer.then((v) => { entry.value = { v }; }, () => undefined); // a failure is reported by the component's own fetch
  pending.set(key, entry);
  return answer;
}

/**
 * The prefetched answer if it has already arrived (and is fresh), without taking it: a component
 * can render with it at once (SWR's fallbackData) and still fetch through fetchOnce.
 */
export function peekPrefetched<T>(key: string): T | undefined {
  const held = pending.get(key);
  return held?.value && Date.now() - held.at < FRESH_MS ? (held.value.v as T) : undefined;
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
