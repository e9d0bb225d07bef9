import { preload } from 'swr';
import { cache, serialize, SWRGlobalState } from 'swr/_internal';

/**
 * Answers asked for before the component that shows them has mounted (right after sign-in, as a
 * navigation starts, when a list change is clicked). They go through SWR's own `preload`, so the
 * `useSWR` of the same key takes the request in flight instead of sending another: one cache, one
 * request. An answer not taken within a few seconds is dropped, so a late visit fetches afresh.
 */
const FRESH_MS = 10_000;

export type AnswerKey = string | readonly unknown[];

type Tracked = Promise<unknown> & { arrived?: { value: unknown } };

/** SWR keeps the preloaded requests by serialized key beside its default cache. */
function preloaded(): Record<string, Tracked | undefined> {
  return ((SWRGlobalState.get(cache) as unknown as unknown[] | undefined)?.[3] as Record<string, Tracked | undefined>) ?? {};
}

/** Starts the request unless one for the key is waiting to be taken; returns its answer. */
export function preloadAnswer<T>(key: AnswerKey, fetcher: () => Promise<T>): Promise<T> {
  const [id] = serialize(key);
  const waiting = preloaded()[id];
  if (waiting) return waiting as Promise<T>;
  const answer = preload(key, fetcher) as Tracked;
  // A failure is reported by the component's own fetch, which takes this promise.
  answer.then(
    (value) => {
      answer.arrived = { value };
    },
    () => undefined,
  );
  setTimeout(() => {
    const held = preloaded();
    if (held[id] === answer) delete held[id];
  }, FRESH_MS);
  return answer as Promise<T>;
}

/** An answer that came with another (the sign-in's): taken as a preloaded one that has arrived. */
export function seedAnswer<T>(key: AnswerKey, value: T): void {
  const answer = preloadAnswer(key, () => Promise.resolve(value)) as Tracked;
  answer.arrived ??= { value };
}

/**
 * The preloaded answer if it has already arrived and not been taken yet: a component renders with it
 * at once (SWR's fallbackData) while its fetch takes the same promise.
 */
export function arrivedAnswer<T>(key: AnswerKey): T | undefined {
  const [id] = serialize(key);
  return preloaded()[id]?.arrived?.value as T | undefined;
}

/** Answers belong to one user: logout drops those not taken yet. */
export function forgetPreloaded(): void {
  const held = preloaded();
  for (const id of Object.keys(held)) delete held[id];
}
