// The waybill list (the page staff open most: references, money, 20 columns, a totals row) against
// the simple login-history list, on SQLite and on PostgreSQL, each on the demo data: what one page
// view sends (the list, then one ?ids= label call per referenced page), how large the answers are,
// and what each SQL statement of the list costs inside the database.
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { login } from './server';
import { answerBytes, load, pairLines, twice } from './load';
import { createDatabase, withClient } from './pg';
import { line, type Line } from './report';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { round } from './stats';

export const WAYBILL_PAGE = 'tms/waybill/waybill';
const WAYBILL = `/open-platform/data/${encodeURIComponent(WAYBILL_PAGE)}`;
const SIMPLE = `/open-platform/data/${encodeURIComponent('platformUser/loginHistory')}`;
const CONNECTIONS = 20;
/** The referenced pages of the waybill list's columns, as RefLabel asks for their labels. */
const REFS: Record<string, string> = {
  orderNo: 'tms/order/order_manage',
  shipperCode: 'tms/base/shipper',
  carrierCode: 'tms/base/carrier',
  driverIdcard: 'tms/base/driver',
  plate: 'tms/base/vehicle',
};

export interface WaybillOptions {
  dialect: 'sqlite' | 'postgres';
  /** SQLite: its data folder; PostgreSQL: the bench cluster's admin URL. */
  dataDir: string;
  pgAdminUrl?: string;
  distDir?: string;
  duration: number;
  log: (msg: string) => void;
}

async function json(url: string, token: string, p: string) {
  const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { status: number; data: { list: Record<string, unknown>[]; total: number } };
  if (body.status !== 0) throw new Error(`${p} answered ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

const ROWS_SQL = (cols: string) => `select ${cols} from "tms_waybill" order by "createdAt" desc, "id" desc limit 20`;
const COUNT_SQL = `select coalesce((select 10001 from "tms_waybill" limit 1 offset 10000), (select count(*) from "tms_waybill")) as "n"`;
const TOTALS_SQL = `select count("waybillNo") as "t0", sum("weightKg") as "t1", sum("freightFen") as "t2" from "tms_waybill"`;

/** Microseconds per execution of each statement of the waybill list, straight on the database. */
async function statementCosts(o: WaybillOptions, pgUrl: string | undefined, n = 300): Promise<Record<string, number>> {
  const cols = '*';
  const cases = { 'rows (20)': ROWS_SQL(cols), 'capped count': COUNT_SQL, 'totals row': TOTALS_SQL };
  const out: Record<string, number> = {};
  if (o.dialect === 'sqlite') {
    const db = new BetterSqlite3(path.join(o.dataDir, 'app.db'), { readonly: true });
    try {
      for (const [name, q] of Object.entries(cases)) {
        const stmt = db.prepare(q);
        stmt.all();
        const t = performance.now();
        for (let i = 0; i < n; i++) stmt.all();
        out[name] = round(((performance.now() - t) * 1000) / n, 0);
      }
    } finally {
      db.close();
    }
    return out;
  }
  return withClient(pgUrl!, async (c) => {
    for (const [name, q] of Object.entries(cases)) {
      await c.query({ name, text: q });
      const t = performance.now();
      for (let i = 0; i < n; i++) await c.query({ name, text: q });
      out[name] = round(((performance.now() - t) * 1000) / n, 0);
    }
    await c.query('select 1');
    const t = performance.now();
    for (let i = 0; i < n; i++) await c.query('select 1');
    out['round trip (select 1)'] = round(((performance.now() - t) * 1000) / n, 0);
    return out;
  });
}

export async function waybillBench(o: WaybillOptions): Promise<{ lines: Line[]; details: Record<string, unknown> }> {
  const db = o.dialect === 'postgres' ? await createDatabase(o.pgAdminUrl!, 'bench_waybill') : null;
  let server: ServerProcess | null = null;
  const lines: Line[] = [];
  const details: Record<string, unknown> = { connections: CONNECTIONS, durationS: o.duration };
  const tag = o.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  try {
    server = await startServerProcess({
      dataDir: o.dataDir,
      distDir: o.distDir,
      logFile: path.join(o.dataDir, `server-waybill-${o.dialect}.log`),
      env: db ? { DATABASE_URL: db.url } : {},
    });
    const url = server.url;
    const token = await login(url);
    const first = await json(url, token, `${WAYBILL}?page=1&size=20`);
    details.waybills = first.total;

    // The label calls one page view makes: one ?ids= per referenced page, with the keys on the page.
    const labelPaths = Object.entries(REFS).map(([field, target]) => {
      const ids = [...new Set(first.list.map((r) => r[field]).filter((v) => v !== null && v !== undefined && v !== ''))];
      return `/open-platform/data/${encodeURIComponent(target)}/options?ids=${encodeURIComponent(ids.join(','))}`;
    });

    const sizes: Record<string, Record<string, number | string>> = {};
    for (const [name, p] of [
      ['waybill 20 rows', `${WAYBILL}?page=1&size=20`],
      ['waybill 200 rows', `${WAYBILL}?page=1&size=200`],
      ['login history 20 rows', `${SIMPLE}?page=1&size=20`],
    ] as const) {
      const plain = await answerBytes(url, token, p, 'identity');
      const gz = await answerBytes(url, token, p, 'gzip');
      const br = await answerBytes(url, token, p, 'gzip, deflate, br, zstd');
      sizes[name] = { json: plain.bytes, gzip: gz.bytes, gzipEncoding: gz.encoding, browser: br.bytes, browserEncoding: br.encoding };
    }
    details.answerBytes = sizes;
    const w200 = sizes['waybill 200 rows'];
    lines.push(
      line({
        section: 'waybill',
        name: `${tag}: 200 waybills, bytes sent to a browser`,
        value: round(Number(w200.browser) / 1024, 1),
        unit: 'KiB',
        note: `${round(Number(w200.json) / 1024, 1)} KiB of JSON, sent as ${w200.browserEncoding}; 20 rows ${round(Number(sizes['waybill 20 rows'].json) / 1024, 1)} → ${round(Number(sizes['waybill 20 rows'].browser) / 1024, 1)} KiB`,
      }),
    );

    o.log(`waybill (${tag}): statement costs`);
    const costs = await statementCosts(o, db?.url);
    details.statementUs = costs;
    lines.push(
      line({
        section: 'waybill',
        name: `${tag}: list statements inside the database`,
        value: costs['rows (20)'],
        unit: 'µs',
        note: Object.entries(costs)
          .map(([k, v]) => `${k} ${v} µs`)
          .join(', '),
      }),
    );

    o.log(`waybill (${tag}): warm-up`);
    await load({ url, token, connections: CONNECTIONS, duration: 2, paths: () => `${WAYBILL}?page=1&size=20` });

    o.log(`waybill (${tag}): waybill list, ${CONNECTIONS} connections, ${o.duration} s, twice`);
    const wb = await twice({ url, token, connections: CONNECTIONS, duration: o.duration, paths: () => `${WAYBILL}?page=1&size=20` });
    o.log(`waybill (${tag}): login history list, same, twice`);
    const simple = await twice({ url, token, connections: CONNECTIONS, duration: o.duration, paths: () => `${SIMPLE}?page=1&size=20` });
    let k = 0;
    o.log(`waybill (${tag}): the page view's ${labelPaths.length} label calls, same, twice`);
    const labels = await twice({
      url,
      token,
      connections: CONNECTIONS,
      duration: o.duration,
      paths: () => labelPaths[k++ % labelPaths.length],
    });
    details.waybillList = wb.runs;
    details.simpleList = simple.runs;
    details.labelCalls = labels.runs;
    const ref = `login history ${simple.runs.map((r) => Math.round(r.reqPerSec)).join(' / ')} req/s`;
    lines.push(
      ...pairLines('waybill', `${tag}: waybill list 20 rows, ${CONNECTIONS} conn`, wb, { p99Budget: 25, reference: ref }),
      ...pairLines('waybill', `${tag}: login history list 20 rows, ${CONNECTIONS} conn`, simple, { p99Budget: 25 }),
      ...pairLines('waybill', `${tag}: label calls (?ids=, ${labelPaths.length} per view), ${CONNECTIONS} conn`, labels, { p99Budget: 25 }),
    );
    return { lines, details };
  } finally {
    await server?.stop();
    await db?.drop();
  }
}
