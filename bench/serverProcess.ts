// The real server in a child process, so its CPU time and memory are its own and not the load
// generator's: started, awaited until it answers, sampled for memory, stopped by its PID.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildServer } from '../scripts/buildServer.mjs';

export interface ServerProcess {
  url: string;
  pid: number;
  /** Peak resident set of the process so far (VmHWM), in MiB. */
  peakRssMiB(): number;
  /** Current resident set (VmRSS), in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  dataDir: string;
  distDir?: string;
  scryptLogN?: number;
  logFile: string;
  /** Extra node flags (e.g. --cpu-prof) for diagnosis runs. */
  nodeArgs?: string[];
  env?: Record<string, string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function procStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** The server as `npm start` runs it, bundled from the current sources once per bench process. */
let bundle: string | undefined;
function serverBundle(): string {
  return (bundle ??= buildServer(path.join('.tmp', 'bench-server', 'main.mjs')));
}

/**
 * Starts the bundled server with `node` directly (not through npm, whose wrapper would be the PID
 * we sample) with the production defaults: LOG_LEVEL info, SCRYPT_LOG_N 17.
 */
export async function startServerProcess(opts: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const log = fs.openSync(opts.logFile, 'a');
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--enable-source-maps', serverBundle()], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DIST_DIR: opts.distDir ?? path.join(opts.dataDir, 'no-dist'),
      SCRYPT_LOG_N: String(opts.scryptLogN ?? 17),
      // The login-throughput figure measures hashing, from one address: the per-address limit would cut it off.
      SIGNIN_PER_MINUTE: '0',
      ...opts.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const pid = child.pid!;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${opts.logFile}`);
    try {
      const res = await fetch(`${url}/open-platform/public/loginOptions`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not answer within 180 s; see ${opts.logFile}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return {
    url,
    pid,
    peakRssMiB: () => procStatus(pid, 'VmHWM'),
    rssMiB: () => procStatus(pid, 'VmRSS'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (child.exitCode === null) process.kill(pid, 'SIGKILL');
      }, 15_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/** Samples the resident set of a process every `everyMs` while `work` runs; answers the work's result and the peak. */
export async function withRssPeak<T>(server: ServerProcess, work: () => Promise<T>, everyMs = 50): Promise<{ result: T; peakMiB: number }> {
  let peak = server.rssMiB();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMiB());
  }, everyMs);
  try {
    const result = await work();
    peak = Math.max(peak, server.rssMiB());
    return { result, peakMiB: peak };
  } finally {
    clearInterval(timer);
  }
}
