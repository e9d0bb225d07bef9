import { useEffect, useState } from 'react';
import type { PreloadableComponent } from './lazyComponent';

/**
 * Whether the component's code is in, fetching it if not; the caller re-renders when it arrives.
 * A page that shows its own placeholder meanwhile (instead of suspending) appears as soon as the
 * code is in: once a Suspense fallback has shown, React 19 holds the content back for ~300 ms.
 * A failed fetch is thrown in render, for the nearest error boundary. Kept apart from
 * lazyComponent.tsx, which every first screen loads (the portal's too): only the console uses it.
 */
export function useLoadedComponent<P>(component: PreloadableComponent<P> | null): boolean {
  const [, arrived] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const ready = !component || component.loaded();
  useEffect(() => {
    if (ready || !component) return undefined;
    let live = true;
    component.preload().then(
      () => {
        if (live) arrived((n) => n + 1);
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [component, ready]);
  if (failure) throw failure.error;
  return ready;
}
