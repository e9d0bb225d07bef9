// A small round-robin HTTP balancer on 127.0.0.1 for the several-instances figures: each request goes
// to the next upstream over kept-alive connections, body and headers passed through unchanged. It is
// as thin as a proxy can be so that it measures the servers, not itself; it runs in the bench process.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  url: string;
  /** Requests sent to each upstream so far. */
  counts: number[];
  close(): Promise<void>;
}

export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  const targets = upstreams.map((u) => new URL(u));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const counts = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next;
    next = (next + 1) % targets.length;
    counts[i]++;
    const t = targets[i];
    const up = http.request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers, agent }, (ur) => {
      res.writeHead(ur.statusCode ?? 502, ur.headers);
      ur.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
      agent.destroy();
    }),
  };
}
