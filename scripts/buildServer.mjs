// Bundles the server (src/server/main.ts and what it imports from src/) into one ES module, with the
// packages left to node_modules: `npm start` runs it with plain Node. Started through tsx, a restart
// spent 2.5–2.9 s loading and transforming the sources before its own work began; bundled, 1.6 s.
//   node scripts/buildServer.mjs [outfile]     (default dist-server/main.mjs)
import { buildSync } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SERVER_BUNDLE = 'dist-server/main.mjs';

export function buildServer(outfile = SERVER_BUNDLE) {
  buildSync({
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Stack traces in the log name the functions as they are in the sources.
    keepNames: true,
    logLevel: 'warning',
  });
  return path.resolve(outfile);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(buildServer(process.argv[2]));
