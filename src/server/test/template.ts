import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import { buildOnce, READY } from './buildOnce.js';

/**
 * A demo database is built once per state of what shapes it (the server's code, the page schemas,
 * the messages, the seed settings and the day) and copied for every test app and browser server:
 * a SQLite data folder copied file by file, and a PostgreSQL database used as `TEMPLATE`. Building
 * one takes seconds to a minute (page tables, demo rows, the freight generator, metered gateway
 * calls); copying takes milliseconds. Templates live in `.tmp/test-db/` and survive between runs,
 * so a second run with unchanged sources starts every app from a copy.
 */

const ROOT = path.resolve('.tmp/test-db');
/**
 * Folders whose files decide what a new demo database holds, besides the schemas folder the app is
 * given (hashed on its own). Browser-only code is left out.
 */
const SOURCES = ['src/server', 'src/shared', 'src/engine/schema', 'src/i18n', 'src/utils'];

function listFiles(dir: string, out: string[]) {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) listFiles(p, out);
    else if (!/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
}

function digestOf(files: string[], root: string): string {
  const h = createHash('sha256');
  for (const f of files.sort()) h.update(path.relative(root, f)).update('\0').update(fs.readFileSync(f)).update('\0');
  return h.digest('hex');
}

let sourceHash: string | undefined;
function sourcesDigest(): string {
  if (sourceHash) return sourceHash;
  const files: string[] = [];
  for (const dir of SOURCES) listFiles(path.resolve(dir), files);
  files.push(path.resolve('package-lock.json'));
  return (sourceHash = digestOf(files, process.cwd()));
}

/**
 * The schemas folder by content, relative to itself: a test's copy of the project's schemas (to
 * change them live) shares the project's template, and a fixture folder gets one of its own.
 */
function schemasDigest(dir: string): string {
  const files: string[] = [];
  listFiles(path.resolve(dir), files);
  return digestOf(files, path.resolve(dir));
}

const PROJECT_SCHEMAS = path.resolve('src/schemas');

/** Whether `dir` holds every page of the project unchanged (its menu may have more entries) and more besides. */
function extendsProject(dir: string): boolean {
  if (path.resolve(dir) === PROJECT_SCHEMAS) return false;
  const files: string[] = [];
  listFiles(PROJECT_SCHEMAS, files);
  return files.every((file) => {
    const rel = path.relative(PROJECT_SCHEMAS, file);
    const other = path.join(dir, rel);
    if (!fs.existsSync(other)) return false;
    return rel === 'menu.json' || fs.readFileSync(other).equals(fs.readFileSync(file));
  });
}

/** The settings that change what the seed writes; everything else may differ between copies. */
function seedSettings(config: ServerConfig) {
  return { seedDemo: config.seedDemo, demoCallsPerService: config.demoCallsPerService, scryptLogN: config.scryptLogN };
}

export function templateApplies(): boolean {
  return process.env.TEST_TEMPLATES !== '0';
}

function templateKey(dialect: string, config: ServerConfig): string {
  const day = new Date().toISOString().slice(0, 10);
  // The checkout is part of the key: its templates folder is its own, and so must be its template
  // databases on a PostgreSQL that several checkouts' runs share.
  return createHash('sha256')
    .update(JSON.stringify([dialect, seedSettings(config), day, sourcesDigest(), schemasDigest(config.schemasDir), process.cwd()]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Templates of other days or sources are removed after a while; a concurrent run may still copy them.
 * A PostgreSQL template goes with its folder: they are one template, and the cluster (in memory where
 * the machine allows, scripts/pg-test-server.sh) would otherwise keep every one ever built. One still
 * being copied from is not dropped (PostgreSQL refuses), and goes at a later run.
 */
async function prune(keep: string) {
  for (const name of fs.readdirSync(ROOT)) {
    const p = path.join(ROOT, name);
    if (p === keep || name.endsWith('.lock')) continue;
    if (Date.now() - fs.statSync(p).mtimeMs <= 6 * 3_600_000) continue;
    fs.rmSync(p, { recursive: true, force: true });
    const pgKey = /^postgres-([0-9a-f]{16})$/.exec(name)?.[1];
    if (pgKey && process.env.TEST_PG_URL) await adminQuery(`DROP DATABASE IF EXISTS tpl_${pgKey}`).catch(() => undefined);
  }
}

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_PG_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function buildTemplate(config: ServerConfig, dataDir: string, databaseUrl?: string) {
  const app = await buildApp(
    { ...config, dataDir, databaseUrl, jobTickSeconds: 0, watchSchemas: false, distDir: undefined },
    { logger: false },
  );
  await app.ready();
  await app.close();
}

/**
 * Fills `dataDir` (and, on PostgreSQL, a new database copied from the template) with the demo
 * database `config` would create, and answers the database URL to use.
 */
export async function copyTemplate(
  dialect: 'sqlite' | 'postgres',
  config: ServerConfig,
  dataDir: string,
  newDatabase?: string,
): Promise<string | undefined> {
  // A folder of the project's pages plus fixture areas starts from the project's own template: the
  // app adds the fixtures' tables, demo rows and menu entries when it starts, in a fraction of a build.
  if (extendsProject(config.schemasDir)) config = { ...config, schemasDir: PROJECT_SCHEMAS };
  const key = templateKey(dialect, config);
  const dir = path.join(ROOT, `${dialect}-${key}`);
  const pgTemplate = `tpl_${key}`;
  if (dialect === 'postgres') {
    // The data folder and the database are one template; a cluster started anew lost the database.
    const has = await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${pgTemplate}'`);
    if (!has.rowCount && fs.existsSync(path.join(dir, READY))) fs.rmSync(path.join(dir, READY));
  }
  await buildOnce(dir, async (tmp) => {
    if (dialect === 'sqlite') return buildTemplate(config, tmp);
    const building = `${pgTemplate}_b${randomBytes(3).toString('hex')}`;
    await adminQuery(`DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${building}`);
    await buildTemplate(config, tmp, databaseUrl(building));
    await adminQuery(`ALTER DATABASE ${building} RENAME TO ${pgTemplate}`);
  });
  await prune(dir);
  fs.cpSync(dir, dataDir, { recursive: true, filter: (src) => path.basename(src) !== READY });
  if (dialect === 'sqlite') return undefined;
  await adminQuery(`CREATE DATABASE ${newDatabase} TEMPLATE ${pgTemplate}`);
  return databaseUrl(newDatabase!);
}
