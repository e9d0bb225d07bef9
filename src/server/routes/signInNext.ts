import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { badRequest } from '../errors.js';
import { TZ_OFFSET_LIMIT } from './dashboard.js';

/**
 * What the console asks for the moment it holds a token, answered with the sign-in itself: the
 * step already waits for the password hash, and a second round trip for the user's menu and the
 * landing page's figures only came after it. Each is the route's own answer, asked with the new
 * token through Fastify's inject from the caller's address and language, so permissions, the
 * organisation's scope, the address checks and the translations are the route's own.
 */
const NEXT: Record<string, (tzOffset: number) => InjectOptions> = {
  userInfo: () => ({ method: 'POST', url: '/open-platform/getUserInfo', payload: {} }),
  dashboard: (tzOffset) => ({ method: 'GET', url: `/open-platform/dashboard?tzOffset=${tzOffset}` }),
};

export const SIGN_IN_NEXT = Object.keys(NEXT);

/** The names asked for, checked before anything is read or hashed. */
export function parseSignInNext(next: string | undefined, tzOffset: string | undefined): { names: string[]; tzOffset: number } {
  const names = [
    ...new Set(
      (next ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.find((n) => !Object.hasOwn(NEXT, n));
  if (unknown) throw badRequest('server.auth.nextUnknown', { name: unknown.slice(0, 32), known: SIGN_IN_NEXT.join(', ') });
  const offset = tzOffset === undefined || tzOffset === '' ? 0 : Number(tzOffset);
  if (!Number.isInteger(offset) || Math.abs(offset) > TZ_OFFSET_LIMIT) throw badRequest('server.auth.tzOffset');
  return { names, tzOffset: offset };
}

/**
 * The answers of the routes asked for, by name. One that fails is left out: the console asks for
 * it again and shows that route's own error.
 */
export async function answerSignInNext(
  app: FastifyInstance,
  req: FastifyRequest,
  token: string,
  asked: { names: string[]; tzOffset: number },
): Promise<Record<string, unknown> | undefined> {
  if (!asked.names.length) return undefined;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  for (const h of ['accept-language', 'user-agent', 'cookie'] as const) {
    const v = req.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  const answers = await Promise.all(
    asked.names.map(async (name) => {
      const res = await app.inject({ ...NEXT[name](asked.tzOffset), headers, remoteAddress: req.ip });
      const body = res.statusCode === 200 ? (res.json() as { status?: number; data?: unknown }) : null;
      return [name, body?.status === 0 ? body.data : undefined] as const;
    }),
  );
  return Object.fromEntries(answers.filter(([, data]) => data !== undefined));
}
