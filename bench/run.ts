// npm run bench [-- --quick] [-- SECTION ...] [-- --only=bundle,browser,server] [-- --keep]
// Sections: startup (first start on an empty folder, restart), bundle, browser, server (SQLite, the big table), waybill (SQLite and PostgreSQL), pg-list
// (the big table on PostgreSQL), instances (two servers on one PostgreSQL behind a balancer), gateway
// (signed, metered calls on SQLite), import (XLSX rows on SQLite and PostgreSQL), schema-save (a saved page
// file until the server serves it, SQLite and PostgreSQL). Builds the app when a browser section runs, starts the real
// server as a child process, fills the big table, measures, prints a table and writes bench/results.json.
// Not part of `npm test`. See docs/PERFORMANCE.md.
import { scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasChromium, openBrowser } from '../e2e/harness';
import { buildForBench } from './build';
import { bundleBench } from './bundle';
import { ANCHOR_DIST, anchorAvailable, startAnchor } from './anchor';
import { browserBench } from './browser';
import { fillLoginHistory } from './fill';
import { machine, printTable, writeResults, type Line, type Results } from './report';
import { serverBench } from './server';
import { gatewayBench } from './gateway';
import { importBench } from './importSection';
import { schemaSaveBench } from './schemaSaveSection';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { startBenchPg, type BenchPg } from './pg';
import { pgScaleBench } from './pgScale';
import { waybillBench } from './waybill';
import { round } from './stats';
import { startupBench } from './startup';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const keep = args.includes('--keep');
const onlyArg =
  args.find((a) => a.startsWith('--only='))?.slice(7) ?? (args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined);
const ALL = ['startup', 'bundle', 'browser', 'server', 'waybill', 'pg-list', 'instances', 'gateway', 'import', 'schema-save'];
const named = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--only');
const sections = new Set(onlyArg ? onlyArg.split(',') : named.length ? named : ALL);
for (const s of sections) if (!ALL.includes(s)) throw new Error(`unknown section ${s}; sections: ${ALL.join(', ')}`);
const needsSqliteBig = ['bundle', 'browser', 'server', 'gateway'].some((s) => sections.has(s));
const needsPg = ['waybill', 'pg-list', 'instances', 'import', 'schema-save'].some((s) => sections.has(s));

const params = quick
  ? { rows: 100_000, runs: 3, duration: 5, exportSeconds: 15, importRows: 20_000 }
  : { rows: 1_000_000, runs: 5, duration: 10, exportSeconds: 60, importRows: 100_000 };

const startedAt = new Date();
const loadAtStart = os.loadavg();
const t0 = performance.now();
const log = (msg: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
const dataDir = path.resolve('.tmp/bench-data');
const lines: Line[] = [];
const details: Record<string, unknown> = {};
const errors: string[] = [];

/**
 * A yardstick of how much CPU the machine gives right now: one scrypt N=2^17 hash (the login's
 * cost), timed before each section. The design expects about 280 ms on a quiet machine.
 */
const calibration: Record<string, number> = {};
let yardstick: number | undefined;
function calibrate(when: string) {
  const t = performance.now();
  scryptSync('bench', 'calibration', 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 17 * 8 + 2 ** 20 });
  yardstick = calibration[when] = round(performance.now() - t, 0);
}

async function section(name: string, work: () => Promise<{ lines: Line[]; details: Record<string, unknown> }>) {
  try {
    const r = await work();
    // Every figure carries the yardstick taken before its section, so runs compare at a glance.
    lines.push(...r.lines.map((l) => ({ ...l, yardstickMs: yardstick })));
    details[name] = { ...(details[name] as object | undefined), ...r.details };
  } catch (err) {
    const msg = `${name}: ${(err as Error).stack ?? err}`;
    errors.push(msg);
    console.error(`FAILED ${msg}`);
  }
}

let server: ServerProcess | null = null;
let pgCluster: BenchPg | null = null;
try {
  log(
    `mode ${quick ? 'quick' : 'full'}: ${params.rows} rows, ${params.runs} browser runs, ${params.duration} s per load run; sections ${[...sections].join(', ')}`,
  );
  calibrate('start');
  let distDir: string | undefined;
  if (sections.has('bundle') || sections.has('browser')) {
    const build = buildForBench();
    distDir = build.distDir;
    details.build = { distDir, ms: round(build.ms, 0) };
    log(`built into ${path.relative(process.cwd(), distDir)} in ${(build.ms / 1000).toFixed(1)} s`);
  }

  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (sections.has('startup')) {
    calibrate('startup');
    await section('startup', () => startupBench({ dataDir, log }));
  }
  const logFile = path.join(dataDir, 'server.log');
  if (needsSqliteBig) {
    // First start creates the schema and the demo data (demo passwords hashed with N=2^17, as in production).
    server = await startServerProcess({ dataDir, distDir, logFile });
    await server.stop();
    log(`filling ${params.rows} login history rows`);
    const fill = fillLoginHistory(dataDir, params.rows);
    details.fill = {
      ...fill,
      insertMs: round(fill.insertMs, 0),
      indexMs: round(fill.indexMs, 0),
      totalMs: round(fill.totalMs, 0),
      fileMiB: round(fill.fileMiB),
    };
    log(
      `filled in ${(fill.totalMs / 1000).toFixed(1)} s (insert ${(fill.insertMs / 1000).toFixed(1)} s, indexes ${(fill.indexMs / 1000).toFixed(1)} s), database ${fill.fileMiB.toFixed(0)} MiB`,
    );
    server = await startServerProcess({ dataDir, distDir, logFile });
    log(`server pid ${server.pid} at ${server.url}`);
  }

  if ((sections.has('bundle') || sections.has('browser')) && hasChromium() && distDir) {
    const b = await openBrowser(1366, 860);
    try {
      calibrate('browser');
      if (sections.has('bundle')) {
        log('bundle: loading the portal home, the login, the dashboard and a list page');
        await section('bundle', () => bundleBench(b, server!.url, distDir!));
      }
      if (sections.has('browser'))
        await section('browser', async () => {
          // The anchor is timed in the same run, interleaved with ours; without it the ratios are left out, said so.
          const anchor = anchorAvailable() ? await startAnchor() : null;
          if (anchor) log(`anchor (ant-design-pro) pid ${anchor.pid} at ${anchor.url}`);
          else errors.push(`browser: the anchor is missing (${ANCHOR_DIST}); no ratios`);
          try {
            return await browserBench(b, server!.url, {
              runs: params.runs,
              log,
              tableRows: params.rows,
              distDir: distDir!,
              anchorUrl: anchor?.url,
            });
          } finally {
            await anchor?.stop();
          }
        });
      if (b.problems.length) details.browserProblems = b.problems.slice(0, 20);
    } finally {
      await b.close();
    }
  }

  if (sections.has('server')) {
    calibrate('server');
    const o = { dataDir, distDir, rows: params.rows, duration: params.duration, exportSeconds: params.exportSeconds, log };
    await section('server', () => serverBench({ ...o, server: server! }));
  }
  if (sections.has('gateway')) {
    calibrate('gateway');
    await section('gateway', () => gatewayBench({ server: server!, duration: params.duration, log }));
  }
  await server?.stop();
  server = null;

  if (needsPg) {
    pgCluster = startBenchPg();
    log(`PostgreSQL for the bench at ${pgCluster.adminUrl}${pgCluster.started ? ' (started)' : ' (already running)'}`);
  }
  if (sections.has('waybill')) {
    calibrate('waybill');
    const wbDir = path.join(dataDir, 'waybill');
    fs.mkdirSync(wbDir, { recursive: true });
    for (const dialect of ['sqlite', 'postgres'] as const) {
      await section('waybill', async () => {
        const r = await waybillBench({ dialect, dataDir: wbDir, pgAdminUrl: pgCluster?.adminUrl, duration: params.duration, log });
        return { lines: r.lines, details: { [dialect]: r.details } };
      });
    }
  }
  if (sections.has('pg-list') || sections.has('instances')) {
    calibrate('pg');
    await section(sections.has('pg-list') ? 'pg-list' : 'instances', () =>
      pgScaleBench({
        pgAdminUrl: pgCluster!.adminUrl,
        dataDir,
        rows: params.rows,
        duration: params.duration,
        log,
        list: sections.has('pg-list'),
        instances: sections.has('instances'),
      }),
    );
  }
  if (sections.has('import')) {
    calibrate('import');
    await section('import', () => importBench({ rows: params.importRows, pgAdminUrl: pgCluster?.adminUrl, log }));
  }
  if (sections.has('schema-save')) {
    calibrate('schema-save');
    await section('schema-save', () => schemaSaveBench({ runs: quick ? 5 : 10, pgAdminUrl: pgCluster?.adminUrl, log }));
  }
} finally {
  await server?.stop();
  pgCluster?.stop();
  if (!keep) for (const f of ['app.db', 'app.db-wal', 'app.db-shm']) fs.rmSync(path.join(dataDir, f), { force: true });
}

calibrate('end');
const results: Results = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  machine: { ...machine(loadAtStart), scryptN17Ms: calibration },
  params: { ...params, sections: [...sections], elapsedS: round((performance.now() - t0) / 1000, 0) },
  lines,
  details: { ...details, errors },
};
const file = path.resolve('bench/results.json');
writeResults(file, results);
console.log(`\n${printTable(lines)}\n`);
const over = lines.filter((l) => l.pass === false).length;
console.log(`${lines.filter((l) => l.pass !== undefined).length} budget lines, ${over} over budget; ${errors.length} section errors`);
console.log(
  `machine: load average ${results.machine.loadAverageAtStart.join(' ')} -> ${results.machine.loadAverageAtEnd.join(' ')}; one scrypt N=2^17 took ${Object.entries(
    calibration,
  )
    .map(([k, v]) => `${v} ms (${k})`)
    .join(', ')} (about 280 ms when quiet)`,
);
console.log(`written ${path.relative(process.cwd(), file)} in ${results.params.elapsedS} s`);
if (quick && Number(results.params.elapsedS) > 180) console.warn('NOTE: the quick run took longer than its 3 minutes (a busy machine?)');
process.exitCode = errors.length ? 1 : 0;
