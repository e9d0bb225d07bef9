import { useSyncExternalStore } from 'react';

/**
 * The element of the layout's content area the kept pages are drawn into (KeptPagesHost). Set by
 * the layout while it is mounted; null otherwise (sign-in, print view, error screens).
 */
let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

export function setPagesSlot(el: HTMLElement | null): void {
  if (el === slot) return;
  slot = el;
  listeners.forEach((l) => l());
}

export function usePagesSlot(): HTMLElement | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => slot,
    () => null,
  );
}
