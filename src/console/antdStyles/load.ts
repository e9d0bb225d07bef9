import href from 'virtual:antd-styles';

/**
 * antd writes each component's styles into the page when it first renders (CSS-in-JS): most of the
 * work of a first list or form. The build writes them for the default theme into one stylesheet
 * with a map of the styles it holds (scripts/antdStyles.tsx); antd reads that map once, at its
 * first render, and skips every style it finds there. So the sheet must be in before antd renders
 * anything: the console's modules wait for it (top-level await below). Without a build (tests,
 * `npm run dev`) there is no sheet and antd writes every style, as it does for another theme.
 */
function load(): Promise<void> {
  if (!href || typeof document === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A sheet that fails to load costs only the time antd then takes to write the styles itself.
    link.onload = link.onerror = () => resolve();
    // First in <head>: antd's own styles come before the console's, as antd places those it writes.
    document.head.prepend(link);
  });
}

export const antdStylesLoaded = load();
await antdStylesLoaded;
