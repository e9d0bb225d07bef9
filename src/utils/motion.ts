/**
 * How a scroll the page makes itself should move: smoothly, unless the visitor's system asks for
 * less motion, where it jumps (the stylesheets make transitions instant for the same visitors).
 */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
