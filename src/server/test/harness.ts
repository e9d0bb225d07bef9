import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { configFromEnv, type ServerConfig } from '../config.js';
import type { SmsSender } from '../context.js';
import { copyTemplate, templateApplies } from './template.js';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Server tests run once per store. PostgreSQL comes from TEST_PG_URL (an admin URL; each test app
 * gets a fresh database). Without it the PostgreSQL run is skipped with a note, unless REQUIRE_PG=1,
 * as in CI, where a missing server is a failure.
 */
export function dialects(): DialectName[] {
  if (process.env.TEST_PG_URL) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_PG === '1') throw new Error('REQUIRE_PG=1 but TEST_PG_URL is not set: the PostgreSQL run cannot be skipped');
  if (!warned) {
    warned = true;
    console.warn('NOTE: TEST_PG_URL is not set; server tests run on SQLite only (PostgreSQL run skipped)');
  }
  return ['sqlite'];
}
let warned = false;

/** Captures verification codes instead of sending them. */
export class CapturingSms implements SmsSender {
  readonly provider = 'test';
  readonly sent: { phone: string; content: string }[] = [];
  async send(phone: string, content: string) {
    this.sent.push({ phone, content });
  }
  lastCode(phone: string): string {
    const msg = [...this.sent].reverse().find((m) => m.phone === phone);
    const code = msg?.content.match(/\d{6}/)?.[0];
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  }
}

export interface TestApp {
  app: FastifyInstance;
  sms: CapturingSms;
  config: ServerConfig;
  close(): Promise<void>;
}

async function createPgDatabase(copyInto?: (name: string) => Promise<string | undefined>): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_PG_URL!;
  const name = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  if (copyInto) await copyInto(name);
  else {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
  }
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(dialect: DialectName, overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-test-'));
  const settings: ServerConfig = {
    ...configFromEnv({}),
    dataDir,
    distDir: undefined,
    // Hashes stay scrypt with the production r and p; a lower N keeps a test's many sign-ins quick.
    scryptLogN: 12,
    // The gateway's demo calls are the slowest part of a demo database; tests need only a few.
    demoCallsPerService: 12,
    logLevel: 'warn',
    // Tests run due jobs themselves (runDueJobs), never on a timer.
    jobTickSeconds: 0,
    // Tests reload pages themselves; a watch would race them.
    watchSchemas: false,
    // Compiled validators are shared by every test app (content-addressed, so any run may reuse them).
    cacheDir: path.resolve('.tmp/cache'),
    ...overrides,
  };
  // Most tests start from the project's demo database: a copy of one built once per run.
  const fromTemplate = templateApplies();
  if (fromTemplate && dialect === 'sqlite') await copyTemplate('sqlite', settings, dataDir);
  const pgDb =
    dialect === 'postgres'
      ? await createPgDatabase(fromTemplate ? (name) => copyTemplate('postgres', settings, dataDir, name) : undefined)
      : null;
  const config: ServerConfig = { ...settings, databaseUrl: pgDb?.url };
  const sms = new CapturingSms();
  const app = await buildApp(config, { sms, logger: false });
  await app.ready();
  return {
    app,
    sms,
    config,
    async close() {
      await app.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the real authorize call and returns the bearer token. */
export async function login(app: FastifyInstance, username: string, password = 'Demo12345'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/open-platform/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  const body = res.json();
  if (body.status !== 0) throw new Error(`login ${username} failed: ${body.msg}`);
  return body.data.access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
