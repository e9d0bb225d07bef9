// npx tsx bench/schemaSave.ts [runs]   (default 10)
// The time from saving one page file to the running server serving the change, with the file watch
// on (as in development): a copy of src/schemas, a server on a fresh SQLite database (or, with
// SCHEMA_BENCH_PG=postgres://admin-url, on a fresh PostgreSQL database, created and dropped there),
// then each run saves one page by rename-replace (as editors and `sed -i` do) with one field more,
// which also adds a column to its table, and waits until the page the server serves has it. Prints
// one JSON object with the times in milliseconds. See docs/PERFORMANCE.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';

const runs = Number(process.argv[2] ?? 10);
const PAGE = 'tms/base/vehicle';
const pgAdmin = process.env.SCHEMA_BENCH_PG;
const pgName = `schema_bench_${Date.now().toString(36)}`;
async function pgAdminQuery(text: string) {
  const client = new pg.Client({ connectionString: pgAdmin });
  await client.connect();
  await client.query(text);
  await client.end();
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-schema-bench-'));
const schemasDir = path.join(dataDir, 'schemas');
fs.cpSync(path.resolve('src/schemas'), schemasDir, { recursive: true });
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
    schemasDir,
    distDir: undefined,
    logLevel: 'warn',
    scryptLogN: 12,
    jobTickSeconds: 0,
    watchSchemas: true,
    demoCallsPerService: 12,
  },
  { logger: false },
);
await app.ready();
const file = path.join(schemasDir, `${PAGE}.json`);
if (!app.ctx.schemas.pages.has(PAGE)) throw new Error(`${PAGE} is not a page of src/schemas: pick another for the bench`);
const original = JSON.parse(fs.readFileSync(file, 'utf8')) as { model: { properties: Record<string, unknown> } };

const times: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const field = `benchNote${i}`;
    const page = structuredClone(original);
    page.model.properties[field] = { type: 'string', title: 'fields.remark', maxLength: 50 };
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(page, null, 2));
    const t = performance.now();
    fs.renameSync(tmp, file);
    while (!app.ctx.schemas.pages.get(PAGE)?.model?.properties?.[field]) {
      if (performance.now() - t > 30_000) throw new Error(`the change to ${PAGE} was not applied within 30 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    times.push(performance.now() - t);
    // The next save comes after a quiet moment, as an analyst's would.
    await new Promise((r) => setTimeout(r, 400));
  }
} finally {
  await app.close();
  if (pgAdmin) await pgAdminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const sorted = [...times].sort((a, b) => a - b);
const r = (x: number) => Math.round(x);
console.log(
  JSON.stringify({
    store: pgAdmin ? 'postgres' : 'sqlite',
    runs,
    medianMs: r(sorted[Math.floor(sorted.length / 2)]),
    maxMs: r(sorted.at(-1)!),
    timesMs: times.map(r),
  }),
);
