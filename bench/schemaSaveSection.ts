// The schema-save section: bench/schemaSave.ts in a child process per store (its own CPU and
// memory), on SQLite and, when the bench has its PostgreSQL cluster, on PostgreSQL. Budget: a saved
// page file is served within 1 s.
import { execFileSync } from 'node:child_process';
import { line, type Line } from './report';

const BUDGET_MS = 1000;

interface SaveRun {
  store: string;
  runs: number;
  medianMs: number;
  maxMs: number;
  timesMs: number[];
}

function runSaves(runs: number, pgAdminUrl?: string): SaveRun {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/schemaSave.ts', String(runs)], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
    env: { ...process.env, ...(pgAdminUrl ? { SCHEMA_BENCH_PG: pgAdminUrl } : {}) },
  });
  return JSON.parse(out.slice(out.lastIndexOf('{'))) as SaveRun;
}

export async function schemaSaveBench(o: {
  runs: number;
  pgAdminUrl?: string;
  log: (msg: string) => void;
}): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const lines: Line[] = [];
  const details: Record<string, unknown> = {};
  for (const store of o.pgAdminUrl ? ['sqlite', 'postgres'] : ['sqlite']) {
    o.log(`schema-save: ${o.runs} saves of one page file by rename on ${store}, each until the server serves it`);
    const r = runSaves(o.runs, store === 'postgres' ? o.pgAdminUrl : undefined);
    details[store] = r;
    lines.push(
      line({
        section: 'schema-save',
        name: `${store}: one page saved -> applied (file watch, a new column)`,
        value: r.medianMs,
        unit: 'ms',
        budget: BUDGET_MS,
        note: `median of ${r.runs}; slowest ${r.maxMs} ms`,
      }),
    );
  }
  return { lines, details };
}
