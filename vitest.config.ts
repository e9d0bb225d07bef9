import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure and server code in Node, browser components in jsdom, and end-to-end runs
// of the real server driven through Debian's Chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    globalSetup: ['src/test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'schemas.test.ts'],
          exclude: ['src/**/*.dom.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          setupFiles: ['src/test/setup-dom.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          // A re-render after a click can take seconds while other tests load the machine; the
          // default one-second poll made such checks fail on a busy CI runner.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
