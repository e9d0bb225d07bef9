const sizeOf = (width: number, height: number) => (width && height ? `${Math.round(width)}x${Math.round(height)}` : '');

/**
 * Calls `resize` when the element's drawn size changes (a chart after its container). Not when the
 * element is hidden with its page, nor when it is shown again at the size it had: pages the tabs
 * keep are hidden, not unmounted, and a chart redrawn at no size and back is two full redraws in
 * the middle of opening another page.
 */
export function followSize(el: HTMLElement, resize: () => void): () => void {
  let last = sizeOf(el.clientWidth, el.clientHeight);
  const observer = new ResizeObserver(([entry]) => {
    const size = sizeOf(entry.contentRect.width, entry.contentRect.height);
    if (!size || size === last) return;
    last = size;
    resize();
  });
  observer.observe(el);
  return () => observer.disconnect();
}
