// Start-up: the first start on an empty data folder (tables, demo data, production settings) and a
// restart on the database it made, each timed until the server answers, with the server's own
// account of how much of it was work after the process had loaded its code.
import fs from 'node:fs';
import path from 'node:path';
import { line, type Line } from './report';
import { startServerProcess } from './serverProcess';

const READY = /ready (\d+) ms after the process started, of which (\d+) ms preparing/g;

function lastReady(logFile: string): { total: number; work: number } | null {
  const all = [...fs.readFileSync(logFile, 'utf8').matchAll(READY)];
  const m = all.at(-1);
  return m ? { total: Number(m[1]), work: Number(m[2]) } : null;
}

async function timedStart(dataDir: string, logFile: string) {
  const t = performance.now();
  const server = await startServerProcess({ dataDir, logFile });
  const ms = performance.now() - t;
  await server.stop();
  return { ms, ready: lastReady(logFile) };
}

export async function startupBench(opts: {
  dataDir: string;
  log: (msg: string) => void;
}): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const dir = path.join(opts.dataDir, 'startup');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const logFile = path.join(dir, 'server.log');
  const first = await timedStart(dir, logFile);
  opts.log(`startup: first start answered after ${(first.ms / 1000).toFixed(1)} s`);
  const restarts = [];
  for (let i = 0; i < 3; i++) restarts.push(await timedStart(dir, logFile));
  const best = restarts.reduce((a, b) => (b.ready && (!a.ready || b.ready.work < a.ready.work) ? b : a));
  opts.log(`startup: restart answered after ${Math.round(best.ms)} ms, ${best.ready?.work ?? '?'} ms of it preparing`);
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    lines: [
      line({
        section: 'startup',
        name: 'first start, empty data folder, until it answers',
        value: first.ms / 1000,
        unit: 's',
        budget: 5,
        note: 'demo data with production settings',
      }),
      line({ section: 'startup', name: 'first start: work after loading the code', value: (first.ready?.work ?? NaN) / 1000, unit: 's' }),
      line({ section: 'startup', name: 'restart, until it answers', value: best.ms, unit: 'ms', note: 'best of 3' }),
      line({ section: 'startup', name: 'restart: work after loading the code', value: best.ready?.work ?? null, unit: 'ms', budget: 1000 }),
    ],
    details: { first, restarts },
  };
}
