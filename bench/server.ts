// Server figures with autocannon against the server child process: the list endpoint over the big
// table at 50 connections, the same while logins run, login throughput, CSV export rate, memory.
import fs from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { BIG_PAGE, BIG_TABLE, USERS, userName } from './fill';
import { line, type Line } from './report';
import { withRssPeak, type ServerProcess } from './serverProcess';
import { round } from './stats';
import { sqlCosts } from './sqlCost';

export interface ServerBenchOptions {
  server: ServerProcess;
  dataDir: string;
  distDir?: string;
  rows: number;
  /** Seconds of each autocannon run. */
  duration: number;
  /** Seconds the CSV export may run before it is cut short (the rate is then taken over what arrived). */
  exportSeconds: number;
  log: (msg: string) => void;
}

const LIST = `/open-platform/data/${encodeURIComponent(BIG_PAGE)}`;
const LOGIN_CONNECTIONS = 4;
const LOGIN_BODY = 'grant_type=password&username=admin&password=Demo12345';
const CONNECTIONS = 50;

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/open-platform/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: LOGIN_BODY,
  });
  const body = (await res.json()) as { status: number; data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`login failed: ${JSON.stringify(body).slice(0, 200)}`);
  return body.data.access_token;
}

// As the log page sends it (ListPage.tsx): the window's start rounded down to the minute.
const sevenDays = () => encodeURIComponent(`${new Date(Math.floor(Date.now() / 60_000) * 60_000 - 7 * 86_400_000).toISOString()},`);
const randomUser = () => userName(Math.floor(Math.random() * USERS));

/** The requests measured; each is what the console sends for that view of the log page. */
export const REQUESTS = {
  /** The page as it opens: the last 7 days (range filter on the indexed createdAt), newest first. */
  defaultView: () => `${LIST}?page=1&size=20&createdAt=${sevenDays()}`,
  /** One user's logins, newest first: the filter box sends username=..., filtered by equality ("x-filter": "eq"). */
  byUser: () => `${LIST}?page=1&size=20&sort=-createdAt&username=${randomUser()}`,
  /** Failed logins of the last 7 days: success is an indexed boolean, default sort -createdAt. */
  failures: () => `${LIST}?page=1&size=20&success=false&createdAt=${sevenDays()}`,
};

/** User+system CPU seconds the process has used, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function listLoad(url: string, token: string, duration: number, pathFn: () => string) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    timeout: 30,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathFn() }) }],
  });
}

function loginLoad(url: string, duration: number, connections: number) {
  return autocannon({
    url: `${url}/open-platform/authorize`,
    connections,
    duration,
    timeout: 30,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: LOGIN_BODY,
  });
}

export interface Summary {
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
  serverCpuMsPerReq?: number;
  peakRssMiB?: number;
}

export const summary = (r: Result): Summary => ({
  reqPerSec: round(r.requests.average, 1),
  p50: r.latency.p50,
  p90: r.latency.p90,
  p99: r.latency.p99,
  max: r.latency.max,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  durationS: r.duration,
});

export function failures(r: Result): string | undefined {
  const bad = [r.non2xx && `${r.non2xx} non-2xx`, r.errors && `${r.errors} errors`, r.timeouts && `${r.timeouts} timeouts`].filter(Boolean);
  return bad.length ? bad.join(', ') : undefined;
}

/**
 * Autocannon stops at its duration but the server still works through the requests already sent;
 * waits until a trivial request answers quickly again, so one run's backlog does not leak into the next.
 */
export async function settle(url: string, maxSeconds = 120) {
  const end = Date.now() + maxSeconds * 1000;
  while (Date.now() < end) {
    const t0 = performance.now();
    try {
      await (await fetch(`${url}/open-platform/public/loginOptions`, { signal: AbortSignal.timeout(30_000) })).arrayBuffer();
    } catch {
      /* still busy */
    }
    if (performance.now() - t0 < 20) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One measured autocannon run of a list request, with server CPU per request and peak RSS. */
async function measureList(
  server: ServerProcess,
  token: string,
  duration: number,
  pathFn: () => string,
): Promise<{ result: Result; s: Summary }> {
  await settle(server.url);
  const cpu0 = cpuSeconds(server.pid);
  const { result, peakMiB } = await withRssPeak(server, () => listLoad(server.url, token, duration, pathFn));
  await settle(server.url);
  const s = summary(result);
  s.serverCpuMsPerReq = round(((cpuSeconds(server.pid) - cpu0) * 1000) / Math.max(1, s.requests), 2);
  s.peakRssMiB = round(peakMiB);
  return { result, s };
}

/** Streams the whole table as CSV and counts the lines, cut short after `seconds`. */
async function exportCsv(url: string, token: string, seconds: number) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), seconds * 1000);
  const t0 = performance.now();
  let lines = 0;
  let bytes = 0;
  let complete = false;
  try {
    const res = await fetch(`${url}${LIST}/export?format=csv`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    complete = true;
  } catch (err) {
    if (!abort.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
  }
  const ms = performance.now() - t0;
  const rows = Math.max(0, lines - 1);
  return { rows, ms: round(ms, 0), bytes, complete, rowsPerSec: round(rows / (ms / 1000), 0) };
}

async function sample(url: string, token: string, pathFn: () => string) {
  const res = await fetch(`${url}${pathFn()}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { status: number; data?: { list: unknown[]; total: number; totalCapped: boolean } };
  if (body.status !== 0 || !body.data) throw new Error(`list answered ${JSON.stringify(body).slice(0, 200)}`);
  return { rows: body.data.list.length, total: body.data.total, capped: body.data.totalCapped };
}

const listLines = (name: string, r: { result: Result; s: Summary }, extra?: string): Line[] => [
  line({
    section: 'server',
    name: `${name}: req/s`,
    value: r.s.reqPerSec,
    unit: 'req/s',
    note: [failures(r.result), `server CPU ${r.s.serverCpuMsPerReq} ms/req`].filter(Boolean).join('; '),
  }),
  line({ section: 'server', name: `${name}: p50`, value: r.s.p50, unit: 'ms' }),
  line({ section: 'server', name: `${name}: p99`, value: r.s.p99, unit: 'ms', budget: 25, note: extra }),
];

export async function serverBench(o: ServerBenchOptions): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const { server, duration, log } = o;
  const url = server.url;
  const token = await login(url);
  const rowsLabel = o.rows >= 1_000_000 ? `${o.rows / 1_000_000}M` : `${o.rows / 1000}k`;
  const details: Record<string, unknown> = {
    table: BIG_TABLE,
    rows: o.rows,
    usernames: USERS,
    connections: CONNECTIONS,
    durationS: duration,
  };
  details.samples = {
    defaultView: await sample(url, token, REQUESTS.defaultView),
    byUser: await sample(url, token, REQUESTS.byUser),
    failures: await sample(url, token, REQUESTS.failures),
  };
  // Lines are collected per figure and printed in reading order; the runs go in an order that keeps
  // the memory of the logins (scrypt) out of the export's peak.
  const g: Record<'main' | 'during' | 'logins' | 'export' | 'byUser' | 'failures' | 'memory', Line[]> = {
    main: [],
    during: [],
    logins: [],
    export: [],
    byUser: [],
    failures: [],
    memory: [],
  };

  log('server: SQL cost of the requests, statement by statement');
  const sql = sqlCosts(o.dataDir);
  details.sqlCostUs = sql;
  // The server prepares each statement once (statement cache); the session and a repeated count come from its read caches.
  const us = (k: string) => sql[k]?.preparedUs ?? 0;
  const perRequest = us('default view: 20 rows');

  log('server: warm-up');
  await listLoad(url, token, Math.min(3, duration), REQUESTS.defaultView);

  log(`server: list, default view (createdAt >= 7 days ago, sort -createdAt), ${CONNECTIONS} connections, ${duration} s`);
  const main = await measureList(server, token, duration, REQUESTS.defaultView);
  details.defaultView = main.s;
  g.main.push(
    ...listLines(
      `list ${rowsLabel} rows, createdAt 7 days & sort -createdAt, ${CONNECTIONS} conn`,
      main,
      `server RSS peak ${round(main.s.peakRssMiB ?? 0, 0)} MiB`,
    ),
  );
  g.main.push(
    line({
      section: 'server',
      name: '  of the CPU per request, in SQLite',
      value: round(perRequest / 1000, 2),
      unit: 'ms',
      note: `the 20 rows, prepared once; the capped count (${round(us('default view: capped count'), 0)} µs) and the session lookup (${round(us('session lookup (when not cached)'), 0)} µs) run again only after a write to their tables`,
    }),
  );

  log(`server: CSV export of the whole table (cut at ${o.exportSeconds} s)`);
  const csv = await withRssPeak(server, () => exportCsv(url, token, o.exportSeconds));
  details.exportCsv = { ...csv.result, peakRssMiB: round(csv.peakMiB) };
  g.export.push(
    line({
      section: 'server',
      name: 'CSV export, whole table',
      value: csv.result.rowsPerSec,
      unit: 'rows/s',
      note: `${csv.result.rows} rows in ${round(csv.result.ms / 1000)} s${csv.result.complete ? '' : ' (cut short)'}, server RSS peak ${round(csv.peakMiB, 0)} MiB`,
    }),
  );

  log(`server: list, username=<name> (equals) & sort -createdAt, ${CONNECTIONS} connections, ${duration} s`);
  const byUser = await measureList(server, token, duration, REQUESTS.byUser);
  details.byUser = byUser.s;
  g.byUser.push(...listLines(`list, username filter & sort -createdAt, ${CONNECTIONS} conn`, byUser, 'index (username, createdAt)'));

  log(`server: list, success=false & 7 days & sort -createdAt, ${CONNECTIONS} connections, ${duration} s`);
  const fails = await measureList(server, token, duration, REQUESTS.failures);
  details.failures = fails.s;
  g.failures.push(...listLines(`list, success=false & 7 days & sort -createdAt, ${CONNECTIONS} conn`, fails, 'index (success, createdAt)'));

  log(`server: the default view again while logins run (4 connections), ${duration} s`);
  const cpu0 = cpuSeconds(server.pid);
  const both = await withRssPeak(server, () =>
    Promise.all([listLoad(url, token, duration, REQUESTS.defaultView), loginLoad(url, duration, 4)]),
  );
  await settle(url);
  const [listDuring, loginDuring] = both.result;
  details.defaultViewDuringLogins = {
    list: summary(listDuring),
    logins: summary(loginDuring),
    serverCpuS: round(cpuSeconds(server.pid) - cpu0),
    peakRssMiB: round(both.peakMiB),
  };
  g.during.push(
    line({
      section: 'server',
      name: 'same while logins run (4 conn): req/s',
      value: round(listDuring.requests.average),
      unit: 'req/s',
      note: failures(listDuring),
    }),
    line({ section: 'server', name: 'same while logins run: p50', value: listDuring.latency.p50, unit: 'ms' }),
    line({ section: 'server', name: 'same while logins run: p99', value: listDuring.latency.p99, unit: 'ms', budget: 25 }),
    line({
      section: 'server',
      name: 'logins completed meanwhile',
      value: round(loginDuring.requests.average, 2),
      unit: 'logins/s',
      note: failures(loginDuring),
    }),
  );

  // Sign-ins being checked count as failures until decided, and more than five at once from one
  // address (or for one account) are refused by design: the bench's one address stays at four.
  log(`server: login throughput, ${LOGIN_CONNECTIONS} connections, ${duration} s`);
  const logins = await withRssPeak(server, () => loginLoad(url, duration, LOGIN_CONNECTIONS));
  await settle(url);
  details.logins = { ...summary(logins.result), peakRssMiB: round(logins.peakMiB) };
  g.logins.push(
    line({
      section: 'server',
      name: `login throughput, ${LOGIN_CONNECTIONS} conn (scrypt N=2^17)`,
      value: round(logins.result.requests.average, 2),
      unit: 'logins/s',
      note: failures(logins.result),
    }),
    line({
      section: 'server',
      name: 'login, same: p50',
      value: logins.result.latency.p50,
      unit: 'ms',
      note: `server RSS peak ${round(logins.peakMiB, 0)} MiB`,
    }),
  );

  const hwm = server.peakRssMiB();
  details.peakRssMiB = round(hwm);
  g.memory.push(
    line({
      section: 'server',
      name: 'server peak memory (VmHWM)',
      value: round(hwm, 0),
      unit: 'MiB',
      note: 'whole run; the logins set it (scrypt N=2^17: 128 MiB per hash, 4 at once)',
    }),
  );
  return { lines: [...g.main, ...g.during, ...g.logins, ...g.export, ...g.memory, ...g.byUser, ...g.failures], details };
}
