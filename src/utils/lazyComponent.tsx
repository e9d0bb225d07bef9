import { lazy, useEffect, useState, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts loading the module (once); resolves when it can render without suspending. */
  preload: () => Promise<Module<P>>;
  /** Whether the module has loaded, so the component renders without suspending. */
  loaded: () => boolean;
};

/**
 * React.lazy that renders the component directly once its module has loaded. A plain lazy
 * component suspends on its first render even when its module was fetched earlier, and a Suspense
 * boundary that has shown its fallback holds its content back for about 300 ms (React 19) —
 * so preloading alone would not make a page appear sooner.
 */
export function lazyComponent<P extends object>(load: () => Promise<Module<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const preload = () => {
    pending ??= load().then((m) => {
      loaded = m.default;
      return m;
    }, (e: unknown) => {
      pending = undefined; // a failed chunk request may be retried on the next render
      throw e;
    });
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the bare component later would
    // change the element type and remount the page.
    const [Impl] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Impl {...props} />;
  }
  return Object.assign(Preloadable, { preload, loaded: () => loaded !== undefined });
}

/**
 * Whether the component's code is in, fetching it if not; the caller re-renders when it arrives.
 * A page that shows its own placeholder meanwhile (instead of suspending) appears as soon as the
 * code is in: once a Suspense fallback has shown, React 19 holds the content back for ~300 ms.
 * A failed fetch is thrown in render, for the nearest error boundary.
 */
export function useLoadedComponent<P>(component: PreloadableComponent<P> | null): boolean {
  const [, arrived] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const ready = !component || component.loaded();
  useEffect(() => {
    if (ready || !component) return undefined;
    let live = true;
    component.preload().then(() => { if (live) arrived((n) => n + 1); }, (error: unknown) => { if (live) setFailure({ error }); });
    return () => { live = false; };
  }, [component, ready]);
  if (failure) throw failure.error;
  return ready;
}
