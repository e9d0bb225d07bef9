import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';

const OPEN_DELAY_MS = 80;
// Long enough to cross the gap between the icon and its panel without the panel closing.
const CLOSE_DELAY_MS = 200;

/**
 * The panel beside an entry of the collapsed sidebar: its sub-entries (or, for a page, its name),
 * shown on hover, on focus by keyboard, and on a click; gone on leaving, on Escape and on focus
 * moving elsewhere.
 */
export function useFlyout(enabled: boolean) {
  const [open, setOpen] = useState(false);
  const host = useRef<HTMLLIElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const later = (value: boolean, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(value), ms);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!enabled) setOpen(false);
  }, [enabled]);
  const hostProps = enabled
    ? {
        onMouseEnter: () => later(true, OPEN_DELAY_MS),
        onMouseLeave: () => later(false, CLOSE_DELAY_MS),
        onBlur: (e: FocusEvent) => {
          if (!host.current?.contains(e.relatedTarget as Node | null)) later(false, 0);
        },
        // A page opened from the panel closes it.
        onClick: (e: MouseEvent) => {
          if ((e.target as Element).closest('a')) later(false, 0);
        },
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key !== 'Escape' || !open) return;
          e.stopPropagation();
          setOpen(false);
          host.current?.querySelector<HTMLElement>('.side-nav__item')?.focus();
        },
      }
    : {};
  const toggle = () => {
    window.clearTimeout(timer.current);
    setOpen((o) => !o);
  };
  return { open: enabled && open, show: () => enabled && setOpen(true), toggle, host, hostProps };
}

/** Placed beside its host, kept inside the window's height. */
export function Flyout({ host, tip, children }: { host: RefObject<HTMLElement | null>; tip?: boolean; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const anchor = host.current?.getBoundingClientRect();
    const height = panel.current?.offsetHeight ?? 0;
    if (anchor) setAt({ left: anchor.right + 4, top: Math.max(8, Math.min(anchor.top, window.innerHeight - height - 8)) });
  }, [host]);
  return (
    <div
      ref={panel}
      className={tip ? 'side-nav__flyout side-nav__flyout--tip' : 'side-nav__flyout'}
      style={at ?? { visibility: 'hidden' }}
      // The page's name is already the link's own (hidden) text: the tip repeats it for the eye only.
      aria-hidden={tip || undefined}
    >
      {children}
    </div>
  );
}
