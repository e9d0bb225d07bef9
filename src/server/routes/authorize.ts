import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, forbidden, unauthorized } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { verifyPassword } from '../security/password.js';
import { createSession } from '../services/sessions.js';
import { reserveAttempt, settleAttempt, withAddressSlot, type Attempt } from '../services/loginGuard.js';
import { consumeCode } from '../services/smsCodes.js';
import { parseJsonArray } from '../db/json.js';
import { isMobile } from '../../shared/validators.js';
import { anonymous, object, responses, str } from './contracts.js';

// Verified against unknown accounts so the answer takes as long as for a real one.
const UNKNOWN_USER_HASH = 'scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** Spec §7: the login data as form-encoded fields (a JSON body is read the same way). */
const authorizeBody = object({
  grant_type: str(16, { description: 'password (default) or sms' }),
  username: str(64),
  password: str(128),
  phone: str(64),
  vCode: str(64),
  client_id: str(128),
  client_secret: str(128),
  response_type: str(32),
  device_id: str(128),
  time: str(32),
});
type AuthorizeBody = Partial<Record<'grant_type' | 'username' | 'password' | 'phone' | 'vCode', string>>;

const tokenAnswer = object(
  {
    access_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    expires_at: { type: 'string' },
  },
  ['access_token', 'token_type', 'expires_in', 'expires_at'],
);

async function fail(app: FastifyInstance, id: number, reason: string, err: AppError): Promise<never> {
  await settleAttempt(app.ctx, id, { success: false, reason });
  throw err;
}

async function findUser(app: FastifyInstance, column: 'username' | 'phone', value: string) {
  return app.ctx.database.core
    .selectFrom('sys_user as u')
    .innerJoin('sys_party as p', 'p.code', 'u.partyCode')
    .select(['u.id', 'u.username', 'u.passwordHash', 'u.partyCode', 'u.roles', 'u.status', 'p.status as partyStatus'])
    .where(`u.${column}`, '=', value)
    .executeTakeFirst();
}

export function registerAuthorize(app: FastifyInstance) {
  const perMinute = app.ctx.config.signInPerMinute;
  app.post(
    '/open-platform/authorize',
    {
      // Counted per address before anything is read or hashed; 0 turns it off (load tests).
      config: perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: '1 minute' } } : {},
      schema: {
        tags: ['session'],
        summary: 'Sign in with a password or a verification code (form-encoded)',
        ...anonymous,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: authorizeBody,
        response: responses(tokenAnswer, 403, 429),
      },
    },
    async (req: FastifyRequest<{ Body: AuthorizeBody }>) =>
      withAddressSlot(req.ip, async () => {
        const body = req.body ?? {};
        const grantType = body.grant_type || 'password';
        const base = { ip: req.ip, userAgent: req.headers['user-agent'] };
        let user: Awaited<ReturnType<typeof findUser>>;
        let attempt: Attempt;
        let id: number;

        if (grantType === 'password') {
          const username = (body.username ?? '').trim();
          const password = body.password ?? '';
          if (!username) throw badRequest('server.auth.usernameRequired');
          if (!password) throw badRequest('server.auth.passwordRequired');
          attempt = { ...base, username, loginType: 'password' };
          id = await reserveAttempt(app.ctx, attempt);
          user = await findUser(app, 'username', username);
          const valid = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
          if (!user || !valid) await fail(app, id, user ? 'badPassword' : 'unknownUser', unauthorized('server.auth.badCredentials'));
        } else if (grantType === 'sms') {
          const phone = (body.phone ?? '').trim();
          const code = (body.vCode ?? '').trim();
          if (!isMobile(phone)) throw badRequest('server.validation.mobile');
          if (!code) throw badRequest('server.sms.codeRequired');
          attempt = { ...base, username: phone, loginType: 'sms' };
          id = await reserveAttempt(app.ctx, attempt);
          user = await findUser(app, 'phone', phone);
          if (!user) await fail(app, id, 'unknownUser', unauthorized('server.auth.phoneNotRegistered'));
          try {
            await consumeCode(app.ctx, phone, 'login', code);
          } catch (err) {
            await fail(app, id, 'badCode', err as AppError);
          }
        } else {
          throw badRequest('server.auth.grantType', { grantType: grantType.slice(0, 16) });
        }

        const u = user!;
        const roles = parseJsonArray(u.roles);
        if (u.status !== 'active' || u.partyStatus !== 'active') {
          await fail(app, id, 'disabled', forbidden('server.auth.disabled'));
        }
        if (roles.length === 0) await fail(app, id, 'noRole', forbidden('server.auth.noRole'));
        const session = await createSession(app.ctx, {
          userId: u.id,
          username: u.username,
          partyCode: u.partyCode,
          activeRole: roles[0],
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          loginType: attempt.loginType,
        });
        await settleAttempt(app.ctx, id, { success: true, username: u.username, userId: u.id, partyCode: u.partyCode });
        return ok({
          access_token: session.token,
          token_type: 'bearer',
          expires_in: app.ctx.config.tokenTtlHours * 3600,
          expires_at: session.expiresAt,
        });
      }),
  );
}
