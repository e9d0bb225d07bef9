import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * A hash router small enough for the portal's byte budget. The hash looks like
 * `#/path/segments?query=string`; the portal only reads it and lets plain `<a href="#/…">`
 * links change it, so every link works with the keyboard, middle-click and "open in new tab".
 */
export interface HashLocation {
  path: string;
  query: URLSearchParams;
  /** The raw hash without '#', kept so equal locations compare cheaply. */
  href: string;
}

export function parseHash(hash: string): HashLocation {
  const href = hash.replace(/^#/, '') || '/';
  const q = href.indexOf('?');
  const rawPath = q < 0 ? href : href.slice(0, q);
  // A trailing slash is the same page; '/' itself stays '/'.
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  return { path: path || '/', query: new URLSearchParams(q < 0 ? '' : href.slice(q + 1)), href };
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = () => window.location.hash;

// useSyncExternalStore needs a stable snapshot: cache the parsed location per hash string.
let cached: HashLocation | null = null;
function snapshot(hash: string): HashLocation {
  if (!cached || cached.href !== (hash.replace(/^#/, '') || '/')) cached = parseHash(hash);
  return cached;
}

export function useHashLocation(): HashLocation {
  return snapshot(useSyncExternalStore(subscribe, readHash, () => ''));
}

/**
 * The location for the page area. Changes arrive as transitions, so while the next page (a lazy
 * chunk, its texts) loads, the current page stays on screen instead of a loading placeholder.
 */
export function usePageLocation(): HashLocation {
  const [loc, setLoc] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const sync = () => {
      const next = parseHash(window.location.hash);
      startTransition(() => setLoc((prev) => (prev.href === next.href ? prev : next)));
    };
    window.addEventListener('hashchange', sync);
    sync();
    return () => window.removeEventListener('hashchange', sync);
  }, []);
  return loc;
}

/** Navigates within the app; `replace` keeps the current entry out of the history (redirects). */
export function navigate(to: string, replace = false): void {
  const hash = to.startsWith('#') ? to : `#${to}`;
  if (replace) window.location.replace(hash);
  else window.location.hash = hash;
}

/** Matches `/a/:b/:c` against a path; returns the named segments or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      params[want[i].slice(1)] = decodeURIComponent(got[i]);
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** Follows a configured link: http(s) in a new tab, anything else as an in-app route. */
export function followLink(url: string): void {
  if (isExternalUrl(url)) window.open(url, '_blank', 'noopener');
  else navigate(url);
}
