// The bench builds its own copy of the app: the e2e build folder (.tmp/e2e-dist) is rebuilt by
// whoever runs the browser tests, and a rebuild in the middle of a run would mix two builds. The
// bench config also records each chunk's modules (bench-chunks.json beside the build).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const BENCH_DIST = path.resolve('.tmp/bench-dist');
/** Chunk file -> module id -> rendered bytes, written by bench/vite.bench.config.ts. */
export const MODULES_FILE = 'bench-chunks.json';

export function buildForBench(): { distDir: string; ms: number } {
  const t0 = performance.now();
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'bench/vite.bench.config.ts',
      '--outDir',
      BENCH_DIST,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { stdio: 'inherit' },
  );
  // As `npm run build` does: the server then sends the precompressed files, as in production.
  execFileSync(process.execPath, ['scripts/precompress.mjs', BENCH_DIST], { stdio: 'ignore' });
  return { distDir: BENCH_DIST, ms: performance.now() - t0 };
}
