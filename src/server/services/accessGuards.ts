import type { FastifyInstance } from 'fastify';
import { translate } from '../i18n/messages.js';
import { isBlacklisted } from './ipBlacklist.js';

/** Calls an address on the IP blacklist may not make: sign-in and verification codes (the gateway checks its own). */
const GUARDED = new Set(['/open-platform/authorize', '/ntocc-tps-api/sms/sendVerificationCode', '/open-platform/party/register']);

/**
 * Enforces the IP blacklist (systemManage/ipBlacklist) before sign-in, registration and SMS-code
 * requests reach their routes, so the sign-in code itself needs no change.
 */
export function registerAccessGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'POST' || !GUARDED.has(req.url.split('?')[0])) return;
    if (!(await isBlacklisted(app.ctx, req.ip))) return;
    return reply.status(403).send({ status: 403, msg: translate(req.lang ?? 'en', 'server.ipBlacklisted'), data: null });
  });
}
