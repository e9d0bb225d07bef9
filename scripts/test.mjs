// `npm test`: the whole suite in phases (unit and component, server, browser), each timed, ending with
// the one plain line CI reads ("N passed, N failed"). Arguments go to vitest as they are
// (`npm test -- src/server/data/write.test.ts`), without phases.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarize } from './test-summary.mjs';

const VITEST = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);

/** PostgreSQL for the server tests, started once for every phase (vitest's global setup would start one per phase). */
function startPostgres() {
  if (process.env.TEST_PG_URL) return () => undefined;
  const bins = '/usr/lib/postgresql';
  const has = fs.existsSync(bins) && fs.readdirSync(bins).some((v) => fs.existsSync(`${bins}/${v}/bin/initdb`));
  if (!has) return () => undefined;
  const wasRunning = execFileSync('bash', ['scripts/pg-test-server.sh', 'status'], { encoding: 'utf8' }).trim() === 'running';
  process.env.TEST_PG_URL = execFileSync('bash', ['scripts/pg-test-server.sh', 'start'], { encoding: 'utf8' }).trim();
  return () => {
    if (!wasRunning) execFileSync('bash', ['scripts/pg-test-server.sh', 'stop']);
  };
}

if (args.length) {
  const stop = startPostgres();
  const r = spawnSync(process.execPath, [...VITEST, ...args], { stdio: 'inherit' });
  stop();
  process.exit(r.status ?? 1);
}

// Server tests wait on PostgreSQL and on their own disk a good part of the time: one worker more
// than the cores keeps both busy. A browser test file waits too, between its steps (a page's motion
// ending, the server, the protocol's round trips): with one file per core the phase took 547 s
// here, with one more 498 s and the cores idle under 1% of the time. Its checks wait for ready
// markers and motion to end, never for time, so a slower step only takes longer.
const cores = os.availableParallelism();
const PHASES = [
  { name: 'unit', projects: ['unit', 'dom', 'dom-mocks'], workers: cores },
  { name: 'server', projects: ['server'], workers: cores + 1 },
  { name: 'browser', projects: ['e2e'], workers: cores + 1 },
];

fs.mkdirSync('.tmp', { recursive: true });
const stop = startPostgres();
const reports = [];
const times = [];
let status = 0;
try {
  for (const phase of PHASES) {
    const report = path.resolve(`.tmp/test-${phase.name}.json`);
    fs.rmSync(report, { force: true });
    const started = Date.now();
    const r = spawnSync(
      process.execPath,
      [
        ...VITEST,
        ...phase.projects.flatMap((p) => ['--project', p]),
        `--maxWorkers=${phase.workers}`,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { stdio: 'inherit' },
    );
    const seconds = (Date.now() - started) / 1000;
    times.push(`${phase.name} ${seconds.toFixed(0)} s`);
    console.log(`\nphase ${phase.name}: ${seconds.toFixed(0)} s (exit ${r.status})\n`);
    if (r.status !== 0) status = 1;
    reports.push(report);
  }
} finally {
  stop();
}
console.log(`phases: ${times.join(', ')}`);
process.exit(summarize(reports) || status);
