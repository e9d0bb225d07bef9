// The import section: bench/import.ts in a child process per store (its memory and CPU its own),
// on SQLite and, when the bench has its PostgreSQL cluster, on PostgreSQL. Target ≥ 20,000 rows/s.
import { execFileSync } from 'node:child_process';
import { line, type Line } from './report';

const TARGET_ROWS_PER_SECOND = 20_000;

interface ImportRun {
  rows: number;
  store: string;
  dryRun: { seconds: number; rowsPerSecond: number; cpuSecondsPer100k: number; valid: number };
  commit: { seconds: number; rowsPerSecond: number; cpuSecondsPer100k: number; imported: number };
  tableRows: number;
  auditRows: number;
  peakRssAboveStartMiB: number;
  rulePages: { page: string; rows: number; valid: number; dryRunMs: number }[];
}

function runImport(rows: number, pgAdminUrl?: string): ImportRun {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/import.ts', String(rows)], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
    env: { ...process.env, ...(pgAdminUrl ? { IMPORT_BENCH_PG: pgAdminUrl } : {}) },
  });
  // The script ends with one JSON object; anything logged before it is not part of the result.
  return JSON.parse(out.slice(out.lastIndexOf('\n{') + 1)) as ImportRun;
}

export async function importBench(o: {
  rows: number;
  pgAdminUrl?: string;
  log: (msg: string) => void;
}): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const lines: Line[] = [];
  const details: Record<string, unknown> = {};
  for (const store of o.pgAdminUrl ? ['sqlite', 'postgres'] : ['sqlite']) {
    o.log(`import: ${o.rows} phone-whitelist rows from XLSX on ${store} (dry run, then the import)`);
    const r = runImport(o.rows, store === 'postgres' ? o.pgAdminUrl : undefined);
    // The demo data holds a few whitelist rows of its own before the import.
    if (r.commit.imported !== o.rows || r.tableRows < o.rows || r.auditRows !== o.rows) {
      throw new Error(`import on ${store}: ${r.commit.imported} imported, ${r.tableRows} rows and ${r.auditRows} audit rows for ${o.rows}`);
    }
    details[store] = r;
    const cpu = (s: number) =>
      `${s} s CPU per 100,000 rows${store === 'postgres' ? ' (this process; the database server works besides)' : ''}`;
    lines.push(
      line({
        section: 'import',
        name: `${store}: dry run (parse, check, no write)`,
        value: r.dryRun.rowsPerSecond,
        unit: 'rows/s',
        budget: TARGET_ROWS_PER_SECOND,
        atLeast: true,
        note: `${r.rows} rows in ${r.dryRun.seconds} s; ${cpu(r.dryRun.cpuSecondsPer100k)}`,
      }),
      line({
        section: 'import',
        name: `${store}: import (one transaction, an audit row each)`,
        value: r.commit.rowsPerSecond,
        unit: 'rows/s',
        budget: TARGET_ROWS_PER_SECOND,
        atLeast: true,
        note: `${r.rows} rows in ${r.commit.seconds} s; ${cpu(r.commit.cpuSecondsPer100k)}; peak RSS +${r.peakRssAboveStartMiB} MiB`,
      }),
      ...r.rulePages.map((p) =>
        line({
          section: 'import',
          name: `${store}: dry run of ${p.page}, its demo rows exported`,
          value: p.dryRunMs,
          unit: 'ms',
          note: `${p.rows} rows (${p.valid} valid; the others name numbers already in the table), rules reading other records; best of 2`,
        }),
      ),
    );
  }
  return { lines, details };
}
