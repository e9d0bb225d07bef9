// The several-instances figures go through nginx from Debian's packages (`apt-get install nginx`), as
// docs/DEPLOY.md deploys it: round robin over the upstreams with kept-alive connections and passive
// health checks. The bench writes its own configuration into a temporary folder, starts nginx in
// the foreground as its child on 127.0.0.1, and stops it by its process id.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './serverProcess';

export interface Balancer {
  url: string;
  /** Requests sent to each upstream so far, from nginx's access log. */
  counts(): number[];
  close(): Promise<void>;
}

const NGINX = '/usr/sbin/nginx';

/** The same configuration docs/DEPLOY.md shows, with the upstreams, port and paths of this run. */
export function nginxConfig(upstreams: string[], port: number, dir: string): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreamlog '$upstream_addr';
  access_log ${dir}/access.log upstreamlog;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream console {
${upstreams.map((u) => `    server ${new URL(u).host} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://console;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} not found: the instances section needs nginx (apt-get install nginx)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-nginx-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(upstreams, port, dir));
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  // Ready when it accepts a connection; an nginx that exits said why on stderr.
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr.trim()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) break;
    if (waited > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not listen on ${port}: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const hosts = upstreams.map((u) => new URL(u).host);
  return {
    url,
    counts() {
      const file = path.join(dir, 'access.log');
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      return hosts.map((h) => text.split('\n').filter((l) => l.trim() === h).length);
    },
    async close() {
      if (child.exitCode === null) {
        process.kill(child.pid!, 'SIGQUIT');
        const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000);
        await exited(child);
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
