/** Runs `fn` when the browser is idle (or after `timeoutMs` at the latest); returns a cancel function. */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}

/**
 * Runs `fn` when the browser is idle at least `settleMs` after now: for prefetches of code the
 * visitor may need next. Fetched at the first idle moment, its requests and the evaluation of its
 * modules fell into the visitor's next click, when a first list's schema and rows waited behind them.
 */
export function whenSettled(fn: () => void, settleMs = 1500): () => void {
  let cancel = () => undefined as void;
  const timer = setTimeout(() => {
    cancel = whenIdle(fn);
  }, settleMs);
  return () => {
    clearTimeout(timer);
    cancel();
  };
}
