import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/buildServer.mjs';

/**
 * kill -9 of the real server (SQLite) while clients write: every create that was answered 201
 * must be there after a restart on the same data directory. The server is the one `npm start` runs,
 * bundled from the current sources (scripts/buildServer.mjs).
 */

const CLIENTS = 8;
const LOAD_MS = 2000;
const MAX_WRITES = 4000;
const DEPT = encodeURIComponent('platformUser/department');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
let dataDir = '';
let bundle = '';

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '1',
      SCRYPT_LOG_N: '12',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DIST_DIR: path.join(dataDir, 'no-dist'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(0, 2000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/open-platform/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'Demo12345' }).toString(),
  });
  const body = (await res.json()) as { status: number; data: { access_token: string } };
  if (body.status !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

afterAll(async () => {
  for (const c of children)
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await exited(c);
    }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (bundle) fs.rmSync(path.dirname(bundle), { recursive: true, force: true });
});

describe('durability on SQLite', () => {
  it('keeps every acknowledged write through kill -9 of the server under load', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-durable-'));
    // Inside the project, where its imports find node_modules.
    bundle = buildServer(path.resolve('.tmp', 'durability', path.basename(dataDir), 'main.mjs'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(port);
    const token = await signIn(base);

    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop && sent < MAX_WRITES; i++) {
        sent++;
        const code = `D${n}-${i}`;
        try {
          const res = await fetch(`${base}/open-platform/data/${DEPT}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ code, name: `耐久${code}`, status: 'active' }),
          });
          if (res.status === 201) acknowledged.push(code);
          await res.arrayBuffer();
        } catch {
          return; // the server is gone
        }
      }
    };
    const load = Array.from({ length: CLIENTS }, (_, n) => client(n));
    await new Promise((r) => setTimeout(r, LOAD_MS));
    first.kill('SIGKILL');
    await exited(first);
    stop = true;
    await Promise.all(load);
    expect(first.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(CLIENTS);

    const second = await startServer(port);
    const again = await signIn(base);
    const res = await fetch(`${base}/open-platform/data/${DEPT}?name=${encodeURIComponent('耐久')}&size=10000`, {
      headers: { authorization: `Bearer ${again}` },
    });
    const stored = new Set(((await res.json()) as { data: { list: { code: string }[] } }).data.list.map((r) => r.code));
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
    // Nothing was stored twice, and nothing beyond what was sent.
    expect(stored.size).toBeLessThanOrEqual(sent);
    // The bundle finds the message files from where it runs, not beside its own file.
    const signedOut = await fetch(`${base}/open-platform/getUserInfo`, { method: 'POST', headers: { 'accept-language': 'zh-CN' } });
    expect(((await signedOut.json()) as { msg: string }).msg).toBe('您已登出或登录已过期，请重新登录');
    second.kill('SIGTERM');
    await exited(second);
  }, 240_000);
});
