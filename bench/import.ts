// npx tsx bench/import.ts [rows]   (default 100,000; npm run bench:import)
// Imports an XLSX of phone-whitelist rows into a fresh SQLite database through the real route
// (multipart upload, dry run, then the committing import) and prints rows per second and the
// process's peak memory above its level before the import, and the CPU time each step took.
// IMPORT_BENCH_PG=postgres://admin-url runs it on a fresh PostgreSQL database instead (created
// and dropped there); its CPU figures are then this process's only, not the database server's. See docs/PERFORMANCE.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { writeXlsx } from '../src/server/export/xlsx';
import { login } from '../src/server/test/harness';
import { multipart } from '../src/server/test/sheets';

const rows = Number(process.argv[2] ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-import-bench-'));
const pgAdmin = process.env.IMPORT_BENCH_PG;
const pgName = `import_bench_${Date.now().toString(36)}`;
async function pgAdminQuery(text: string) {
  const client = new pg.Client({ connectionString: pgAdmin });
  await client.connect();
  await client.query(text);
  await client.end();
}
let databaseUrl: string | undefined;
if (pgAdmin) {
  await pgAdminQuery(`CREATE DATABASE ${pgName}`);
  const url = new URL(pgAdmin);
  url.pathname = `/${pgName}`;
  databaseUrl = url.toString();
}
const app = await buildApp(
  {
    ...configFromEnv({}),
    dataDir,
    databaseUrl,
    distDir: undefined,
    logLevel: 'warn',
    scryptLogN: 12,
    jobTickSeconds: 0,
    importMaxBytes: 200 * 1024 * 1024,
  },
  { logger: false },
);
await app.ready();
const token = await login(app, 'admin');

const chunks: Buffer[] = [];
const purposes = ['Relaxed SMS sign-in', '风控豁免', 'testAccount'];
await writeXlsx(
  async (c) => {
    chunks.push(Buffer.from(c));
  },
  'phones',
  ['Mobile number', 'Holder', 'Purpose', 'Expires at', 'Remarks'],
  (async function* () {
    for (let i = 0; i < rows; i++)
      yield [
        `136${String(i).padStart(8, '0')}`,
        `持有人${i}`,
        purposes[i % 3],
        i % 2 ? '2027-06-30 18:00' : null,
        i % 5 ? null : `第 ${i} 行`,
      ];
  })(),
);
const file = Buffer.concat(chunks);
const { payload, headers } = multipart('phones.xlsx', file);

let peak = 0;
const base = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss - base);
}, 20);
async function run(query: string) {
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const res = await app.inject({
    method: 'POST',
    url: `/open-platform/data/systemManage%2FphoneWhitelist/import${query}`,
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  const ms = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const body = res.json();
  if (body.status !== 0) throw new Error(`import failed: ${res.body.slice(0, 500)}`);
  return { ms, cpuMs, data: body.data };
}
const dry = await run('?dryRun=1');
const commit = await run('');
clearInterval(sampler);

// Pages whose rules read other records: each row names a settlement (or waybill) of its own, and
// remittances sum what the settlement's others took. Their own demo rows, exported and dry-run back
// (the unique numbers are still in the table, so only those errors are expected); best of two.
const RULE_PAGES = ['tms/Carrier/Approval', 'tms/settlement/settlement'];
const rulePages = [];
for (const page of RULE_PAGES) {
  const url = `/open-platform/data/${encodeURIComponent(page)}`;
  const exported = await app.inject({ method: 'GET', url: `${url}/export?format=xlsx`, headers: { authorization: `Bearer ${token}` } });
  const upload = multipart('rows.xlsx', exported.rawPayload);
  let best = Infinity;
  let checked = { rows: 0, valid: 0 };
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `${url}/import?dryRun=1`,
      headers: { ...upload.headers, authorization: `Bearer ${token}` },
      payload: upload.payload,
    });
    best = Math.min(best, performance.now() - t);
    const body = res.json();
    if (body.status !== 0) throw new Error(`dry run of ${page} failed: ${res.body.slice(0, 500)}`);
    checked = { rows: body.data.rows, valid: body.data.valid };
  }
  rulePages.push({ page, ...checked, dryRunMs: Math.round(best) });
}
const count = await app.ctx.database.db
  .selectFrom('sec_phone_whitelist')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirstOrThrow();
const audits = await app.ctx.database.db
  .selectFrom('sys_audit')
  .select((eb) => eb.fn.countAll().as('n'))
  .where('page', '=', 'systemManage/phoneWhitelist')
  .executeTakeFirstOrThrow();
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (pgAdmin) await pgAdminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);

const perSecond = (ms: number) => Math.round(rows / (ms / 1000));
// CPU time of this process per 100,000 rows: unlike rows/s it hardly moves with the machine's load.
const cpuPer100k = (ms: number) => +((ms / 1000) * (100_000 / rows)).toFixed(2);
console.log(
  JSON.stringify(
    {
      rows,
      store: pgAdmin ? 'postgres' : 'sqlite',
      fileMiB: +(file.length / 2 ** 20).toFixed(2),
      cpus: os.cpus().length,
      loadavg: os.loadavg().map((x) => +x.toFixed(2)),
      dryRun: {
        seconds: +(dry.ms / 1000).toFixed(2),
        rowsPerSecond: perSecond(dry.ms),
        cpuSecondsPer100k: cpuPer100k(dry.cpuMs),
        valid: dry.data.valid,
      },
      commit: {
        seconds: +(commit.ms / 1000).toFixed(2),
        rowsPerSecond: perSecond(commit.ms),
        cpuSecondsPer100k: cpuPer100k(commit.cpuMs),
        imported: commit.data.imported,
      },
      rulePages,
      tableRows: Number(count.n),
      auditRows: Number(audits.n),
      peakRssAboveStartMiB: +(peak / 2 ** 20).toFixed(1),
    },
    null,
    2,
  ),
);
