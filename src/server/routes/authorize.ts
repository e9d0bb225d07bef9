import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { verifyPassword } from '../security/password.js';
import { createSession } from '../services/sessions.js';
import { lockRemaining, recordLogin } from '../services/loginGuard.js';
import { consumeCode } from '../services/smsCodes.js';
import { parseJsonArray } from '../services/json.js';
import { stringParam } from '../services/params.js';
import { isMobile } from '../../utils/validators.js';

// Verified against unknown accounts so the answer takes as long as for a real one.
const UNKNOWN_USER_HASH = 'scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

type Body = Record<string, unknown>;
const field = stringParam;

interface Attempt { username: string; ip: string; userAgent?: string; loginType: string }

async function refuseIfLocked(app: FastifyInstance, a: Attempt) {
  const remaining = await lockRemaining(app.ctx, a.username, a.ip);
  if (remaining > 0) {
    await recordLogin(app.ctx, { ...a, success: false, reason: 'locked' });
    throw new AppError(429, 'server.auth.locked', { minutes: Math.ceil(remaining / 60_000) });
  }
}

async function fail(app: FastifyInstance, a: Attempt, reason: string, err: AppError): Promise<never> {
  await recordLogin(app.ctx, { ...a, success: false, reason });
  throw err;
}

async function findUser(app: FastifyInstance, column: 'username' | 'phone', value: string) {
  return app.ctx.database.core.selectFrom('sys_user as u').innerJoin('sys_party as p', 'p.code', 'u.partyCode')
    .select(['u.id', 'u.username', 'u.passwordHash', 'u.partyCode', 'u.roles', 'u.status', 'p.status as partyStatus'])
    .where(`u.${column}`, '=', value).executeTakeFirst();
}

export function registerAuthorize(app: FastifyInstance) {
  app.post('/open-platform/authorize', async (req: FastifyRequest) => {
    const body = (req.body ?? {}) as Body;
    const grantType = field(body, 'grant_type') || 'password';
    const base = { ip: req.ip, userAgent: req.headers['user-agent'] };
    let user: Awaited<ReturnType<typeof findUser>>;
    let attempt: Attempt;

    if (grantType === 'password') {
      const username = field(body, 'username').trim();
      const password = field(body, 'password', 128);
      if (!username) throw badRequest('server.auth.usernameRequired');
      if (!password) throw badRequest('server.auth.passwordRequired');
      attempt = { ...base, username, loginType: 'password' };
      await refuseIfLocked(app, attempt);
      user = await findUser(app, 'username', username);
      const valid = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
      if (!user || !valid) await fail(app, attempt, user ? 'badPassword' : 'unknownUser', new AppError(401, 'server.auth.badCredentials'));
    } else if (grantType === 'sms') {
      const phone = field(body, 'phone').trim();
      const code = field(body, 'vCode').trim();
      if (!isMobile(phone)) throw badRequest('server.validation.mobile');
      if (!code) throw badRequest('server.sms.codeRequired');
      attempt = { ...base, username: phone, loginType: 'sms' };
      await refuseIfLocked(app, attempt);
      user = await findUser(app, 'phone', phone);
      if (!user) await fail(app, attempt, 'unknownUser', new AppError(401, 'server.auth.phoneNotRegistered'));
      try {
        await consumeCode(app.ctx, phone, 'login', code);
      } catch (err) {
        await fail(app, attempt, 'badCode', err as AppError);
      }
    } else {
      throw badRequest('server.auth.grantType', { grantType });
    }

    const u = user!;
    const roles = parseJsonArray(u.roles);
    if (u.status !== 'active' || u.partyStatus !== 'active') {
      await fail(app, attempt, 'disabled', new AppError(403, 'server.auth.disabled'));
    }
    if (roles.length === 0) await fail(app, attempt, 'noRole', new AppError(403, 'server.auth.noRole'));
    const session = await createSession(app.ctx, {
      userId: u.id, username: u.username, partyCode: u.partyCode, activeRole: roles[0], ip: req.ip,
      userAgent: req.headers['user-agent'], loginType: attempt.loginType,
    });
    await recordLogin(app.ctx, { ...attempt, username: u.username, userId: u.id, partyCode: u.partyCode, success: true });
    return ok({
      access_token: session.token,
      token_type: 'bearer',
      expires_in: app.ctx.config.tokenTtlHours * 3600,
      expires_at: session.expiresAt,
    });
  });
}
