import { useEffect, useRef } from 'react';

/** The id of the console's one h1, the current page's title. */
export const PAGE_TITLE_ID = 'page-title';

/**
 * Hands the focus to the page now shown, once the control that chose it has let it go; unless the
 * user has put it somewhere meanwhile (Ctrl+K again right after choosing a page kept the search).
 */
export function focusPageTitle() {
  setTimeout(() => {
    const current = document.activeElement;
    if (current && current !== document.body) return;
    document.getElementById(PAGE_TITLE_ID)?.focus({ preventScroll: true });
  });
}

/**
 * Keyboard focus across page changes (WCAG 2.4.3): each kept page remembers where the focus was in
 * it, and showing that page again puts it back there (the list's "Create" button once its form has
 * closed). A page without such a place takes the focus on its title, so the next Tab starts in the
 * new page and a screen reader announces it; a form then moves it on to its first field. Focus the
 * user has already put elsewhere (the header's search, the menu, the tab strip) stays there.
 */
export function usePageFocus(activeKey: string) {
  const remembered = useRef(new Map<string, HTMLElement>());
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const el = e.target instanceof HTMLElement ? e.target : null;
      const page = el?.closest<HTMLElement>('.keep-alive[data-page]');
      if (el && page) remembered.current.set(page.dataset.page!, el);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  const previous = useRef(activeKey);
  useEffect(() => {
    if (previous.current === activeKey) return;
    previous.current = activeKey;
    const current = document.activeElement;
    const placed =
      current &&
      current !== document.body &&
      current.id !== PAGE_TITLE_ID &&
      (current.closest('.keep-alive--active') || !current.closest('.keep-alive'));
    if (placed) return;
    const el = remembered.current.get(activeKey);
    if (el?.isConnected && el.closest('.keep-alive--active')) el.focus({ preventScroll: true });
    else document.getElementById(PAGE_TITLE_ID)?.focus({ preventScroll: true });
  }, [activeKey]);
}
