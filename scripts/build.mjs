// Builds the browser app into dist/ (vite, then precompressed copies), bundles the server into
// dist-server/main.mjs (scripts/buildServer.mjs) and compiles the server's validators into their
// cache. With --if-stale it first
// compares a digest of everything the build reads with the one the last build left in dist/, and
// does nothing when they match: `npm start` on an unchanged tree starts the server at once.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_BUNDLE, buildServer } from './buildServer.mjs';

const OUT = path.resolve('dist');
const STAMP = path.join(OUT, '.build-digest');
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  // They render antd's styles into a stylesheet of the build.
  'scripts/antdStyles.tsx',
  'scripts/antdStylesPlugin.ts',
  // It bundles the server.
  'scripts/buildServer.mjs',
];

function files(p, out) {
  if (!fs.existsSync(p)) return out;
  if (fs.statSync(p).isDirectory()) {
    for (const e of fs.readdirSync(p)) files(path.join(p, e), out);
  } else if (!/\.test\.tsx?$/.test(p)) out.push(p);
  return out;
}

function digest() {
  const h = createHash('sha256');
  for (const f of INPUTS.flatMap((i) => files(path.resolve(i), [])).sort()) {
    h.update(path.relative(process.cwd(), f)).update('\0').update(fs.readFileSync(f)).update('\0');
  }
  return h.digest('hex');
}

const wanted = digest();
const current = fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8').trim() === wanted && fs.existsSync(SERVER_BUNDLE);
if (process.argv.includes('--if-stale') && current) {
  console.log('dist/ and dist-server/ are current: no build needed');
  process.exit(0);
}
execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
execFileSync(process.execPath, ['scripts/precompress.mjs', 'dist'], { stdio: 'inherit' });
buildServer();
// The server's validators too, so its first start loads them (src/server/schemas/validatorCache.ts).
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/warmValidators.ts'], { stdio: 'inherit' });
fs.writeFileSync(STAMP, `${wanted}\n`);
