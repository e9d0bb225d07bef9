import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy pages and antd's first render can take several seconds on a loaded two-core machine (the default wait is 1 s).
configure({ asyncUtilTimeout: 10_000 });

// antd reads these browser APIs, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!window.scrollTo) window.scrollTo = () => undefined;

afterEach(() => cleanup());

// Files may share their modules (vitest.config.ts): what one changed in the globals is put back
// before the next file runs.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  // antd's CSS-in-JS leaves each component's styles in <head> after it unmounts. In a shared worker
  // they piled up from file to file, and jsdom matches every rule for every style it computes: the
  // portal's pages took 68 s after the table and form files instead of 6 s alone. A component that
  // mounts puts its styles back (cssinjs injects on every mount), so only the unused ones go.
  for (const style of document.head.querySelectorAll('style[data-css-hash], style[data-token-hash], style[data-rc-order]')) style.remove();
});

// jsdom computes a style by matching every rule of every sheet (antd's CSS-in-JS puts hundreds in the
// document), and testing-library's role queries ask for the style of each element and its ancestors,
// so a query over a form or a table took seconds. An answer is kept until the document changes: any
// mutation of a node, attribute or text (a class, a style attribute, a new <style>) empties the cache
// before the next call, whether the observer's records were delivered or are still pending.
if (!('computedStyleCache' in window)) {
  const computed = window.getComputedStyle.bind(window);
  let cache = new Map<Element, CSSStyleDeclaration>();
  const changes = new MutationObserver(() => {
    cache = new Map();
  });
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  Object.defineProperty(window, 'computedStyleCache', { value: true });
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (pseudo) return computed(element, pseudo);
    if (changes.takeRecords().length) cache = new Map();
    let style = cache.get(element);
    if (!style) cache.set(element, (style = computed(element)));
    return style;
  };
}
