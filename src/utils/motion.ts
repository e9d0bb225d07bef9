/** Whether the visitor's system asks for less motion (the stylesheets then make transitions instant). */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** How a scroll the page makes itself should move: smoothly, unless the system asks for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/** A chart's option, drawn without its entry animation when the system asks for less motion. */
export function withMotion<T extends object>(option: T): T {
  return prefersReducedMotion() ? { ...option, animation: false } : option;
}
