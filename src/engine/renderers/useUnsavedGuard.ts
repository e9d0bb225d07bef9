import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Pages with unsaved edits, by path. Open tabs keep their pages alive, so switching pages loses
 * nothing; closing such a tab, or the browser tab, asks first.
 */
const dirtyPaths = new Set<string>();

export function hasUnsavedChanges(path: string): boolean {
  return dirtyPaths.has(path);
}

export function useUnsavedGuard(active: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!active) return;
    dirtyPaths.add(pathname);
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyPaths.delete(pathname);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, pathname]);
}
