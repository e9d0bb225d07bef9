import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError, badRequest, forbidden, unauthorized } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { placeholderHash, verifyPassword } from '../security/password.js';
import { createSession } from '../services/sessions.js';
import { reserveAttempt, settleAttempt, withAddressSlot, type Attempt } from '../services/loginGuard.js';
import { consumeCode } from '../sms/codes.js';
import { parseJsonArray } from '../db/json.js';
import { isMobile } from '../../shared/validators.js';
import { anonymous, responses } from './contracts.js';
import { answerSignInNext, parseSignInNext, SIGN_IN_NEXT } from './signInNext.js';

// Verified against unknown accounts so the answer takes as long as for a real one.

/** Spec §7: the login data as form-encoded fields (a JSON body is read the same way). */
const authorizeBody = Type.Partial(
  Type.Object({
    grant_type: Type.String({ maxLength: 16, description: 'password (default) or sms' }),
    username: Type.String({ maxLength: 64 }),
    password: Type.String({ maxLength: 128 }),
    phone: Type.String({ maxLength: 64 }),
    vCode: Type.String({ maxLength: 64 }),
    client_id: Type.String({ maxLength: 128 }),
    client_secret: Type.String({ maxLength: 128 }),
    response_type: Type.String({ maxLength: 32 }),
    device_id: Type.String({ maxLength: 128 }),
    time: Type.String({ maxLength: 32 }),
    next: Type.String({ maxLength: 64, description: `What to answer with the token, comma-separated: ${SIGN_IN_NEXT.join(', ')}` }),
    tzOffset: Type.String({ maxLength: 8, description: 'The browser’s getTimezoneOffset() for the dashboard, in minutes' }),
  }),
);

const tokenAnswer = Type.Object({
  access_token: Type.String(),
  token_type: Type.String(),
  expires_in: Type.Integer(),
  expires_at: Type.String(),
  next: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'The answers of the routes asked for in next, by name' })),
});

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
  app.withTypeProvider<TypeBoxTypeProvider>().post(
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
    async (req) =>
      withAddressSlot(req.ip, async () => {
        const body = req.body ?? {};
        const grantType = body.grant_type || 'password';
        const asked = parseSignInNext(body.next, body.tzOffset);
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
          const valid = await verifyPassword(password, user?.passwordHash ?? placeholderHash(app.ctx.config.scryptLogN));
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
          next: await answerSignInNext(app, req, session.token, asked),
        });
      }),
  );
}
