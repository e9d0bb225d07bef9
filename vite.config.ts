import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStyles } from './scripts/antdStylesPlugin.js';

// The server answers the API on the same origin in production; during `npm run dev` Vite proxies it.
const api = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

const SEP = String.raw`[\\/]`;

/** React and the entry's helpers: what every first screen needs (src/main.tsx). */
const BOOT_MODULES = new RegExp(
  [
    `node_modules${SEP}(react|react-dom|scheduler)${SEP}`,
    `src${SEP}(apps|appSwitch|routesSplit|utils${SEP}lazyComponent|i18n${SEP}languages|i18n${SEP}languageCookie|client${SEP}cookieNames)\\.tsx?$`,
    `vite${SEP}(preload-helper|modulepreload-polyfill)`,
  ].join('|'),
);

/** The portal home and what it imports; keep in step with src/portal/PortalApp.tsx and pages/HomePage.tsx. */
const PORTAL_HOME = new RegExp(
  `src${SEP}portal${SEP}(${[
    'PortalApp',
    'routes',
    'i18n',
    'router',
    'links',
    'siteData',
    'portalData',
    `layout${SEP}\\w+`,
    `pages${SEP}HomePage`,
    `content${SEP}(load|catalogue)`,
    `ui${SEP}(icons|ComponentCard|HeroCarousel|Logo)`,
  ].join('|')})\\.tsx?$`,
);

export default defineConfig({
  plugins: [react(), antdStyles()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/open-platform': api,
      '/ntocc-tps-api': api,
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 900,
    sourcemap: false,
    // Browsers without <link rel="modulepreload"> (Safari before 17) only lose the preloading; the
    // polyfill would cost every first screen, and the portal's is at its 80 KiB budget.
    modulePreload: {
      polyfill: false,
      // The entry loads these before anything can import lazily: naming them again in every lazy
      // import's preload list only costs the first screen bytes.
      resolveDependencies: (_file, deps) => deps.filter((d) => !/\/(boot|rolldown-runtime)-[\w-]+\.js$/.test(d)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Split by module, the first screens were a dozen small files or more, each paying its
          // own request and gzip overhead; these groups make them one file each.
          groups: [
            { name: 'boot', test: BOOT_MODULES },
            { name: 'portal', test: PORTAL_HOME },
          ],
        },
      },
    },
  },
});
