// PostgreSQL for the bench, started the way the tests start theirs (scripts/pg-test-server.sh) but as
// a cluster of its own (port and folder below), so a bench run never stops or loads the cluster the
// tests share. Each section gets a fresh database, dropped at the end.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { BIG_TABLE, USERS } from './fill';

export const BENCH_PG_PORT = 55_533;
export const BENCH_PG_DIR = '/tmp/scop-pg-bench';
const SCRIPT = 'scripts/pg-test-server.sh';
const env = () => ({ ...process.env, PG_TEST_PORT: String(BENCH_PG_PORT), PG_TEST_DIR: BENCH_PG_DIR });

export interface BenchPg {
  adminUrl: string;
  /** True when this run started the cluster (and so stops it at the end). */
  started: boolean;
  stop(): void;
}

export function startBenchPg(): BenchPg {
  const running = execFileSync('bash', [SCRIPT, 'status'], { env: env(), encoding: 'utf8' }).trim() === 'running';
  const adminUrl = execFileSync('bash', [SCRIPT, 'start'], { env: env(), encoding: 'utf8' }).trim();
  return {
    adminUrl,
    started: !running,
    stop() {
      if (!running) execFileSync('bash', [SCRIPT, 'stop'], { env: env() });
    },
  };
}

export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** A fresh database on the bench cluster; its URL and how to drop it. */
export async function createDatabase(adminUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(adminUrl, async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/**
 * The same table as bench/fill.ts writes into SQLite (user names, 95 % successes, three
 * organisations, rows spread evenly over the last 365 days with ids rising in time), generated
 * inside PostgreSQL by one INSERT … SELECT over generate_series, secondary indexes dropped and
 * rebuilt, then VACUUM ANALYZE so the planner has statistics and index-only scans a visibility map,
 * and a checkpoint so the runs that follow do not share the disk with the table's first write-out.
 */
export async function fillLoginHistoryPg(url: string, rows: number) {
  const t0 = performance.now();
  return withClient(url, async (c) => {
    const { rows: indexes } = await c.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = $1 AND indexname NOT LIKE '%_pkey'`,
      [BIG_TABLE],
    );
    for (const ix of indexes) await c.query(`DROP INDEX "${ix.name}"`);
    await c.query(
      `
      INSERT INTO ${BIG_TABLE} (username, "userId", "partyCode", ip, "userAgent", "loginType", success, reason, version, "createdAt", "updatedAt")
      SELECT 'user' || lpad(u::text, 4, '0'), NULL, (ARRAY['P0001','C1001','C1002'])[u % 3 + 1],
             '10.' || (u % 256) || '.' || (i % 8) || '.' || (1 + u % 250),
             (ARRAY['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0','Mozilla/5.0 (Macintosh) Safari/605.1.15','Mozilla/5.0 (iPhone) Mobile/15E148','okhttp/4.12.0'])[u % 4 + 1],
             CASE WHEN i % 10 = 3 THEN 'sms' ELSE 'password' END, ok, CASE WHEN ok THEN NULL ELSE 'badPassword' END, 1, at, at
      FROM (
        SELECT i, ((i::bigint * 2654435761) % ${USERS})::int AS u, (i::bigint * 40503) % 100 >= 5 AS ok,
               to_char((now() - interval '1 minute' - interval '365 days' + (i * interval '365 days' / $1)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
        FROM generate_series(1, $1::int) AS i
      ) AS g`,
      [rows],
    );
    const t1 = performance.now();
    for (const ix of indexes) await c.query(ix.def);
    await c.query(`VACUUM ANALYZE ${BIG_TABLE}`);
    // The generated table leaves thousands of dirty buffers; without this the cluster's next
    // checkpoint writes them out over the following two minutes, in the middle of the measured runs.
    await c.query('CHECKPOINT');
    const {
      rows: [size],
    } = await c.query<{ mib: number }>(`SELECT pg_total_relation_size($1) / 1048576.0 AS mib`, [BIG_TABLE]);
    return { rows, insertMs: t1 - t0, totalMs: performance.now() - t0, tableMiB: Number(size.mib) };
  });
}
