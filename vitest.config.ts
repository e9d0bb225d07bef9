import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { antdStyles } from './scripts/antdStylesPlugin.js';

const DOM_TESTS = ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'];

/**
 * Component test files that replace a module with vi.mock. In a worker whose files share their
 * modules, such a file would get whichever copy an earlier file loaded, so these run isolated,
 * found by their content: a new test that mocks a module is isolated without anyone listing it.
 */
function filesMockingModules(dir = 'src'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.posix.join(dir, e.name);
    if (e.isDirectory()) return filesMockingModules(p);
    return /\.(test\.tsx|dom\.test\.ts)$/.test(e.name) && fs.readFileSync(p, 'utf8').includes('vi.mock(') ? [p] : [];
  });
}
const MOCKING = filesMockingModules();

/**
 * The heaviest files first, by their wall time in the last full run (scripts/test-weights.json,
 * written by scripts/test-weights.mjs). Vitest orders files by its own times of an earlier run,
 * which a fresh clone lacks, and then by size: the accessibility sweep (a short file that visits 36
 * pages) started five minutes into the browser phase and ran the last four minutes alone, and the
 * authorisation matrix ended the server phase the same way. A file without a weight counts as a
 * median one, so a new file is neither first nor last. The unit phase keeps vitest's order: it is
 * short, and a component file's time depends on which files shared its worker before it.
 */
const WEIGHTS: Record<string, number> = JSON.parse(fs.readFileSync('scripts/test-weights.json', 'utf8'));
class HeaviestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const known = Object.values(WEIGHTS).sort((a, b) => a - b);
    const median = known[Math.floor(known.length / 2)] ?? 0;
    const file = (f: TestSpecification) => path.relative(process.cwd(), f.moduleId);
    if (!sorted.every((f) => /^(src\/server|e2e)\//.test(file(f)))) return sorted;
    const weight = (f: TestSpecification) => WEIGHTS[file(f)] ?? median;
    // Array.prototype.sort is stable: files of equal weight keep vitest's order.
    return sorted.sort((a, b) => weight(b) - weight(a));
  }
}

// Four projects: pure code in Node, the server in Node (SQLite and PostgreSQL), browser components in
// jsdom, and end-to-end runs of the real server driven through Debian's Chromium. `npm test`
// (scripts/test.mjs) runs them as timed phases.
export default defineConfig({
  plugins: [react(), antdStyles()],
  test: {
    globals: true,
    globalSetup: ['src/test/global-setup.ts'],
    sequence: { sequencer: HeaviestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'schemas.test.ts'],
          exclude: ['src/**/*.dom.test.ts', 'src/server/**'],
          // Plain functions: files of one worker share their modules instead of importing them again each.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          // Files of one worker share the server's modules instead of importing them again each
          // (docs/ARCHITECTURE.md, Tests): module state is keyed by app or database, never global.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: DOM_TESTS,
          exclude: MOCKING,
          setupFiles: ['src/test/setup-dom.ts'],
          testTimeout: 30_000,
          // Files of one worker share their modules: importing antd and React again for every file
          // took a third of this project's time. src/test/setup-dom.ts puts shared globals back.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-mocks',
          environment: 'jsdom',
          include: MOCKING,
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
          setupFiles: ['e2e/setup.ts'],
          testTimeout: 120_000,
          // A re-render after a click can take seconds while other tests load the machine; the
          // default one-second poll made such checks fail on a busy CI runner.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 300_000,
          // Each file drives its own server and Chromium; scripts/test.mjs runs one file more than the cores.
          // The files of a worker share the server's modules.
          isolate: false,
        },
      },
    ],
  },
});
