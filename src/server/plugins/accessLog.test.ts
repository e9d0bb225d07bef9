import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from './accessLog.js';

function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  return { app, lines };
}

describe('the access log', () => {
  it('writes one line per answered request, with the request, the status and the time', async () => {
    const { app, lines } = appWithLog();
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.close();
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    expect(completed.map((l) => [(l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode])).toEqual([
      ['/ok', 200],
      ['/missing', 404],
    ]);
    expect(typeof completed[0].responseTime).toBe('number');
  });

  it('still logs a failed request as an error, with its error', async () => {
    const { app, lines } = appWithLog();
    const res = await app.inject({ method: 'GET', url: '/broken' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.some((l) => (l.err as { message?: string } | undefined)?.message === 'broken on purpose')).toBe(true);
  });
});
