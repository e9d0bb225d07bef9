import { lazy, useState, type ComponentType } from 'react';

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
    pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        pending = undefined; // a failed chunk request may be retried on the next render
        throw e;
      },
    );
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
