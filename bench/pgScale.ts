// PostgreSQL at scale: the million-row list (the SQLite section's requests, same table, same fill)
// and two server instances sharing one database behind nginx (round robin), against one.
import path from 'node:path';
import { startBalancer } from './balancer';
import { BIG_PAGE } from './fill';
import { load, pairLines, twice } from './load';
import { createDatabase, fillLoginHistoryPg } from './pg';
import { line, type Line } from './report';
import { REQUESTS, cpuSeconds, login } from './server';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { round } from './stats';

export interface PgScaleOptions {
  pgAdminUrl: string;
  dataDir: string;
  rows: number;
  duration: number;
  list: boolean;
  instances: boolean;
  log: (msg: string) => void;
}

const CONNECTIONS = 50;
const TARGET_RATE = 1000;

export async function pgScaleBench(o: PgScaleOptions): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const db = await createDatabase(o.pgAdminUrl, 'bench_big');
  const servers: ServerProcess[] = [];
  const lines: Line[] = [];
  const details: Record<string, unknown> = { rows: o.rows, connections: CONNECTIONS, durationS: o.duration };
  const rowsLabel = o.rows >= 1_000_000 ? `${o.rows / 1_000_000}M` : `${o.rows / 1000}k`;
  const start = (n: number) =>
    startServerProcess({ dataDir: o.dataDir, logFile: path.join(o.dataDir, `server-pg-${n}.log`), env: { DATABASE_URL: db.url } });
  try {
    servers.push(await start(1));
    o.log(`pg: filling ${o.rows} login history rows`);
    const fill = await fillLoginHistoryPg(db.url, o.rows);
    details.fill = { ...fill, insertMs: round(fill.insertMs, 0), totalMs: round(fill.totalMs, 0), tableMiB: round(fill.tableMiB) };
    o.log(`pg: filled in ${(fill.totalMs / 1000).toFixed(1)} s, table and indexes ${fill.tableMiB.toFixed(0)} MiB`);
    const a = servers[0];
    const token = await login(a.url);
    const spec = { url: a.url, token, connections: CONNECTIONS, duration: o.duration, paths: REQUESTS.defaultView };
    await load({ ...spec, duration: 3 });

    if (o.list) {
      o.log(`pg-list: default view, ${CONNECTIONS} connections, as fast as it answers, twice`);
      const cpu0 = cpuSeconds(a.pid);
      const open = await twice(spec);
      const cpuMs = ((cpuSeconds(a.pid) - cpu0) * 1000) / open.runs.reduce((s, r) => s + r.requests, 0);
      o.log(`pg-list: default view at ${TARGET_RATE} req/s offered, twice`);
      const fixed = await twice({ ...spec, rate: TARGET_RATE });
      details.defaultView = open.runs;
      details.defaultViewAtTarget = fixed.runs;
      o.log('pg-list: username filter and failures, twice each');
      const byUser = await twice({ ...spec, paths: REQUESTS.byUser });
      const fails = await twice({ ...spec, paths: REQUESTS.failures });
      details.byUser = byUser.runs;
      details.failures = fails.runs;
      lines.push(
        ...pairLines('pg-list', `PostgreSQL list ${rowsLabel} rows, createdAt 7 days & sort -createdAt, ${CONNECTIONS} conn`, open, {
          rateBudget: TARGET_RATE,
          note: `server CPU ${round(cpuMs, 2)} ms/req`,
        }),
        ...pairLines('pg-list', `same at ${TARGET_RATE} req/s offered`, fixed, { p99Budget: 50 }),
        ...pairLines('pg-list', `username filter & sort -createdAt, ${CONNECTIONS} conn`, byUser, { p99Budget: 50 }),
        ...pairLines('pg-list', `success=false & 7 days, ${CONNECTIONS} conn`, fails, { p99Budget: 50 }),
      );
    }

    if (o.instances) {
      o.log('instances: a second server on the same database');
      servers.push(await start(2));
      const b = servers[1];
      // A token issued by one instance is a session row every instance reads.
      const res = await fetch(`${b.url}/open-platform/data/${encodeURIComponent(BIG_PAGE)}?page=1&size=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const crossSession = ((await res.json()) as { status: number }).status === 0;
      details.tokenFromOneValidOnOther = crossSession;
      const urls = servers.map((s) => s.url);
      for (const [name, ups] of [
        ['one instance', [a.url]],
        ['two instances', urls],
      ] as const) {
        const lb = await startBalancer([...ups]);
        try {
          o.log(`instances: ${name} behind the balancer, ${CONNECTIONS} connections, twice`);
          await load({ ...spec, url: lb.url, duration: 2 });
          const cpu0 = servers.map((s) => cpuSeconds(s.pid));
          const r = await twice({ ...spec, url: lb.url }, urls);
          const cpu = servers.map((s, i) => round(cpuSeconds(s.pid) - cpu0[i], 1));
          details[name] = { runs: r.runs, upstreamRequests: lb.counts(), serverCpuS: cpu };
          lines.push(
            ...pairLines('instances', `${name} behind the balancer, default view, ${CONNECTIONS} conn`, r, {
              p99Budget: 50,
              note: `server CPU s ${cpu.join(' + ')}; requests per upstream ${lb.counts().join(' / ')}`,
            }),
          );
        } finally {
          await lb.close();
        }
      }
      lines.push(
        line({
          section: 'instances',
          name: 'token from one instance accepted by the other',
          value: crossSession ? 1 : 0,
          unit: '',
          budget: 1,
          atLeast: true,
        }),
      );
    }
    return { lines, details };
  } finally {
    for (const s of servers) await s.stop();
    await db.drop();
  }
}
