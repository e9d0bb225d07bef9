import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { RequestLogTable } from '../db/coreDatabase.js';

const FLUSH_MS = 1000;
const MAX_BUFFER = 500;

/**
 * Every API call is recorded for the request-log page. Rows are written in batches so that logging
 * costs one insert per second under load rather than one per request.
 */
export function registerRequestLog(app: FastifyInstance) {
  let buffer: Insertable<RequestLogTable>[] = [];
  let timer: NodeJS.Timeout | null = null;

  const flush = async () => {
    timer = null;
    if (buffer.length === 0) return;
    const rows = buffer;
    buffer = [];
    try {
      await app.ctx.database.core.insertInto('sys_request_log').values(rows).execute();
    } catch (err) {
      app.log.warn({ err }, 'request log flush failed');
    }
  };

  app.addHook('onResponse', async (req, reply) => {
    const url = req.url.split('?')[0];
    if (!url.startsWith('/open-platform/') && !url.startsWith('/ntocc-tps-api/')) return;
    const now = new Date().toISOString();
    buffer.push({
      method: req.method,
      path: url.slice(0, 255),
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      username: req.user?.username ?? null,
      partyCode: req.user?.partyCode ?? null,
      ip: req.ip,
      createdAt: now,
      updatedAt: now,
    });
    if (buffer.length >= MAX_BUFFER) await flush();
    else if (!timer) timer = setTimeout(() => void flush(), FLUSH_MS);
  });

  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    await flush();
  });
}
