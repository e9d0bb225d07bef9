// Prints the one plain closing line CI reads: "N passed, N failed" (skipped tests on the line before).
import fs from 'node:fs';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.log('0 passed, 1 failed');
  console.error(`no test report at ${file}: the test run did not finish`);
  process.exit(1);
}
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const failed = r.numFailedTests + (r.numFailedTestSuites && r.numFailedTests === 0 ? r.numFailedTestSuites : 0);
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
if (skipped) console.log(`${skipped} skipped`);
console.log(`${r.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 || r.numPassedTests === 0 ? 1 : 0);
