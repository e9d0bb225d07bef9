// `npm test`: the whole suite in phases (unit and component, server, browser), each timed, ending with
// the one plain line CI reads ("N passed, N failed"). Arguments go to vitest as they are
// (`npm test -- src/server/data/write.test.ts`), without phases.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
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

// Two lanes side by side. The browser phase is one file at a time (two browser files side by side
// made checks of animated positions and of request counts fail now and then) and keeps about one core
// busy: Chromium's page thread and the server it drives take turns. The other lane, the unit and then
// the server phase, fills the other core; server tests also wait on PostgreSQL and on their disk.
const cores = os.availableParallelism();
const other = Math.max(1, cores - 1);
const LANES = [
  [{ name: 'browser', projects: ['e2e'], workers: 1 }],
  [
    { name: 'unit', projects: ['unit', 'dom'], workers: other },
    { name: 'server', projects: ['server'], workers: other + 1 },
  ],
];

/** Runs one phase with its output kept in .tmp/test-<name>.log, printed whole when it ends so two lanes' lines never mix. */
function runPhase(phase) {
  const report = path.resolve(`.tmp/test-${phase.name}.json`);
  const logFile = path.resolve(`.tmp/test-${phase.name}.log`);
  fs.rmSync(report, { force: true });
  const started = Date.now();
  console.log(`phase ${phase.name}: started (output in ${path.relative(process.cwd(), logFile)})`);
  return new Promise((resolve) => {
    const log = fs.openSync(logFile, 'w');
    const child = spawn(
      process.execPath,
      [
        ...VITEST,
        ...phase.projects.flatMap((p) => ['--project', p]),
        `--maxWorkers=${phase.workers}`,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { stdio: ['ignore', log, log] },
    );
    child.on('close', (code) => {
      fs.closeSync(log);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n----- ${phase.name} -----\n${fs.readFileSync(logFile, 'utf8')}`);
      console.log(`\nphase ${phase.name}: ${seconds} s (exit ${code})\n`);
      resolve({ phase, report, seconds, ok: code === 0 });
    });
  });
}

async function runLane(phases) {
  const results = [];
  for (const phase of phases) results.push(await runPhase(phase));
  return results;
}

fs.mkdirSync('.tmp', { recursive: true });
const stop = startPostgres();
const started = Date.now();
let results;
try {
  results = (await Promise.all(LANES.map(runLane))).flat();
} finally {
  stop();
}
const order = ['unit', 'server', 'browser'];
results.sort((a, b) => order.indexOf(a.phase.name) - order.indexOf(b.phase.name));
console.log(`phases: ${results.map((r) => `${r.phase.name} ${r.seconds} s`).join(', ')}; tests ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
const failed = summarize(results.map((r) => r.report));
process.exit(failed || (results.every((r) => r.ok) ? 0 : 1));
