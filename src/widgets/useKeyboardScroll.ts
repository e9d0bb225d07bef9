import { useEffect, type RefObject } from 'react';

const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * A table wider than its box scrolls sideways, and a long one scrolls in its own box: a keyboard can
 * scroll only a box that takes the focus (WCAG 2.1.1), so such a box becomes a named, focusable
 * region while it overflows.
 */
export function useKeyboardScroll(root: RefObject<HTMLElement | null>, label: string) {
  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    const update = () =>
      el.querySelectorAll<HTMLElement>(SCROLLERS).forEach((box) => {
        // A kept page out of sight keeps its layout: measuring its tables would lay it out for nothing.
        if (box.closest('[hidden]')) return;
        // Both tables set their box's overflow inline; one that hides the rows' axis cannot scroll it.
        const tall = box.style.overflowY !== 'hidden' && box.scrollHeight > box.clientHeight + 1;
        const overflows = box.scrollWidth > box.clientWidth + 1 || tall;
        const marked = box.dataset.keyboardScroll === '1';
        if (overflows && !marked) {
          Object.assign(box.dataset, { keyboardScroll: '1' });
          box.tabIndex = 0;
          box.setAttribute('role', 'region');
          box.setAttribute('aria-label', label);
        } else if (!overflows && marked) {
          delete box.dataset.keyboardScroll;
          ['tabindex', 'role', 'aria-label'].forEach((a) => box.removeAttribute(a));
        }
      });
    update();
    // Tables come and go with their data: looked at again once per frame after a change.
    let frame = 0;
    const later = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
    };
    const resized = new ResizeObserver(later);
    resized.observe(el);
    const changed = new MutationObserver(later);
    changed.observe(el, { childList: true, subtree: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
      cancelAnimationFrame(frame);
    };
  });
}
