// Writes scripts/test-weights.json: each test file's wall time in seconds, from the JSON reports of
// the last `npm test` (.tmp/test-<phase>.json). vitest.config.ts starts the heaviest files first with
// it, since a fresh clone has no times of an earlier run and vitest would order files by size.
// Run after a full `npm test` when files were added or their weight changed much.
import fs from 'node:fs';
import path from 'node:path';

const out = {};
// The unit phase keeps vitest's own order (vitest.config.ts says why), so it has no weights.
for (const phase of ['server', 'browser']) {
  const file = `.tmp/test-${phase}.json`;
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run the whole suite (npm test) first`);
  for (const r of JSON.parse(fs.readFileSync(file, 'utf8')).testResults)
    out[path.relative(process.cwd(), r.name)] = Math.max(0.1, Math.round((r.endTime - r.startTime) / 100) / 10);
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync('scripts/test-weights.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`scripts/test-weights.json: ${Object.keys(sorted).length} files`);
