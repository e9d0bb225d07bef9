/**
 * How a page asks the console to close its own tab (a cancelled form is finished, like a saved
 * one). The engine knows no tabs: the console's layout registers the closer.
 */
let closer: (fullPath: string) => void = () => undefined;

export function registerPageCloser(close: (fullPath: string) => void): () => void {
  closer = close;
  return () => {
    closer = () => undefined;
  };
}

export function closePage(fullPath: string): void {
  closer(fullPath);
}
