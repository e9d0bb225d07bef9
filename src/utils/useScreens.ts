import { useSyncExternalStore } from 'react';

/** antd's Grid breakpoints, by the same names and widths, so its `Grid.useBreakpoint()` can be swapped for this. */
const QUERIES = {
  xs: '(max-width: 575.98px)',
  sm: '(min-width: 576px)',
  md: '(min-width: 768px)',
  lg: '(min-width: 992px)',
  xl: '(min-width: 1200px)',
  xxl: '(min-width: 1600px)',
} as const;

export type Screens = Record<keyof typeof QUERIES, boolean>;
const NAMES = Object.keys(QUERIES) as (keyof Screens)[];

let lists: [keyof Screens, MediaQueryList][] | null = null;
let snapshot: Screens | null = null;

function mediaLists() {
  return (lists ??= NAMES.map((name) => [name, window.matchMedia(QUERIES[name])]));
}

/** The current screens, as the same object while none of them changed (useSyncExternalStore compares by identity). */
function current(): Screens {
  const next = Object.fromEntries(mediaLists().map(([name, list]) => [name, list.matches])) as Screens;
  if (snapshot && NAMES.every((n) => snapshot![n] === next[n])) return snapshot;
  return (snapshot = next);
}

function subscribe(changed: () => void): () => void {
  const all = mediaLists();
  all.forEach(([, list]) => list.addEventListener?.('change', changed));
  return () => all.forEach(([, list]) => list.removeEventListener?.('change', changed));
}

/**
 * Which of antd's breakpoints the window is at, right at the first render. antd's own
 * `Grid.useBreakpoint()` answers `{}` first and the real screens from a layout effect, so every
 * component using it rendered twice when it mounted, the second time before the first paint:
 * a list page did so whole (its columns read it), and each row's actions with it.
 */
export function useScreens(): Screens {
  return useSyncExternalStore(subscribe, current, current);
}
