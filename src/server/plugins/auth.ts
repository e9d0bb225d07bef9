import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLanguage } from '../i18n/messages.js';
import { resolveSession } from '../services/sessions.js';

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/** Resolves the caller on every API request; routes that need a user call requireUser. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language'], req.headers.cookie);
    const token = bearerToken(req);
    if (token && token.length < 200) req.user = await resolveSession(app.ctx, token);
  });
}

export { requireUser } from '../context.js';
