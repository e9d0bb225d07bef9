import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a JSON answer with an ETag of its bytes; a browser revalidating with If-None-Match gets 304
 * and keeps its copy. The answer depends on the caller and their language, so the copy is private.
 */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, answer: unknown): FastifyReply {
  const body = JSON.stringify(answer);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Language, Authorization, Accept-Encoding');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
