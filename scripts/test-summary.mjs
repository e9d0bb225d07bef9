// Prints the one plain closing line CI reads: "N passed, N failed" (skipped tests on the line before),
// over one or more vitest JSON reports. A missing report counts as a failure: its run did not finish.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Prints the totals of the reports and answers the exit code (1 when anything failed or nothing ran). */
export function summarize(files) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of files) {
    if (!file || !fs.existsSync(file)) {
      failed += 1;
      console.error(`no test report at ${file}: the test run did not finish`);
      continue;
    }
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numFailedTestSuites && r.numFailedTests === 0 ? r.numFailedTestSuites : 0);
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  if (skipped) console.log(`${skipped} skipped`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 || passed === 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(summarize(process.argv.slice(2)));
