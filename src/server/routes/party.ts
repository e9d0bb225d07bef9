import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TProperties } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { badRequest } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { hashPassword, verifyPassword } from '../security/password.js';
import { revokeUserSessions } from '../services/sessions.js';
import { consumeCode, issueCode, SMS_PURPOSES, type SmsPurpose } from '../sms/codes.js';
import { dropAttempt, reserveAttempt, settleAttempt } from '../services/loginGuard.js';
import { isMobile, isPassword } from '../../shared/validators.js';
import { nowIso } from '../context.js';
import { anonymous, Nullable, responses } from './contracts.js';

const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

// Passwords are taken as typed: trimming one would store a different secret than the person chose.
const password = Type.String({ maxLength: 128 });
const text = (maxLength: number) => Type.String({ maxLength });

/** Spec §7 sends these calls' fields as query parameters; a form or JSON body is read as well. */
function fields<P extends TProperties>(properties: P) {
  const schema = Type.Partial(Type.Object(properties));
  return { querystring: schema, body: Nullable(schema) };
}
const merged = <T extends object>(req: { query: T; body: T | null }): T => ({ ...(req.body ?? {}), ...req.query }) as T;

const phoneQuery = Type.Partial(Type.Object({ phone: text(64) }));
const smsFields = fields({
  phone: text(64),
  type: Type.String({ maxLength: 16, enum: [...SMS_PURPOSES, ''], description: 'login (default), register or resetPassword' }),
});
const registerFields = fields({
  username: text(64),
  password,
  confirmPassword: password,
  phone: text(64),
  vCode: text(64),
  partyName: text(64),
});
const updatePassFields = fields({
  oldPassword: password,
  oldPass: password,
  newPassword: password,
  newPass: password,
  confirmPassword: password,
});
const userLogBody = Type.Partial(
  Type.Object({ sysName: text(128), sysPath: text(512), content: text(1000), action: text(64) }, { additionalProperties: false }),
);

/**
 * Page visits one user may log per minute: bounds what a script can write to the usage log. Pages
 * open in 0.1–0.3 s, so someone moving quickly through the console (or the browser test that opens
 * every menu entry, ~125 pages) must stay below it: at 120 that test's visits were refused.
 */
export const USER_LOG_PER_MINUTE = 300;

export function registerParty(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.ctx.database.core;

  app.get(
    '/open-platform/party/validPhone',
    {
      schema: {
        tags: ['party'],
        summary: 'Whether a phone number is already registered',
        ...anonymous,
        querystring: phoneQuery,
        response: responses(Type.Partial(Type.Object({ phone: Type.String(), registered: Type.Boolean(), available: Type.Boolean() }))),
      },
    },
    async (req) => {
      const phone = (req.query.phone ?? '').trim();
      if (!isMobile(phone)) throw badRequest('server.validation.mobile');
      const taken = await db().selectFrom('sys_user').select('id').where('phone', '=', phone).executeTakeFirst();
      return ok({ phone, registered: Boolean(taken), available: !taken });
    },
  );

  app.post(
    '/ntocc-tps-api/sms/sendVerificationCode',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['party'],
        summary: 'Send a sign-in, registration or password-reset code by SMS',
        ...anonymous,
        ...smsFields,
        response: responses(Type.Partial(Type.Object({ expiresIn: Type.Integer(), resendIn: Type.Integer() })), 429),
      },
    },
    async (req) => {
      const p = merged(req);
      const phone = (p.phone ?? '').trim();
      const purpose = ((p.type ?? '').trim() || 'login') as SmsPurpose;
      if (!isMobile(phone)) throw badRequest('server.validation.mobile');
      const taken = await db().selectFrom('sys_user').select('id').where('phone', '=', phone).executeTakeFirst();
      if (purpose === 'register' && taken) throw badRequest('server.party.phoneTaken');
      if (purpose !== 'register' && !taken) throw badRequest('server.auth.phoneNotRegistered');
      return ok(await issueCode(app.ctx, phone, purpose, req.ip));
    },
  );

  app.post(
    '/open-platform/party/register',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['party'],
        summary: 'Register an organisation and its administrator (needs a register code)',
        ...anonymous,
        ...registerFields,
        response: responses(Type.Partial(Type.Object({ username: Type.String(), partyCode: Type.String() }))),
      },
    },
    async (req) => {
      const p = merged(req);
      const username = (p.username ?? '').trim();
      const password = p.password ?? '';
      const confirm = p.confirmPassword ?? '';
      const phone = (p.phone ?? '').trim();
      const vCode = (p.vCode ?? '').trim();
      const partyName = (p.partyName ?? '').trim() || username;
      if (!USERNAME.test(username)) throw badRequest('server.party.usernameRule');
      if (!isPassword(password)) throw badRequest('server.validation.password');
      if (confirm && confirm !== password) throw badRequest('server.party.confirmMismatch');
      if (!isMobile(phone)) throw badRequest('server.validation.mobile');
      if (!vCode) throw badRequest('server.sms.codeRequired');
      if (await db().selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst()) {
        throw badRequest('server.party.usernameTaken');
      }
      if (await db().selectFrom('sys_user').select('id').where('phone', '=', phone).executeTakeFirst()) {
        throw badRequest('server.party.phoneTaken');
      }
      await consumeCode(app.ctx, phone, 'register', vCode);
      const passwordHash = await hashPassword(password, app.ctx.config.scryptLogN);
      const now = nowIso();
      // A self-registered account brings its own organisation and administers it; platform staff review it later.
      const partyCode = `C${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
        .toString(36)
        .toUpperCase()}`;
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('sys_party')
            .values({
              code: partyCode,
              name: partyName,
              kind: 'customer',
              groupName: partyName,
              status: 'active',
              createdAt: now,
              updatedAt: now,
              createdBy: username,
              updatedBy: username,
            })
            .execute();
          await trx
            .insertInto('sys_user')
            .values({
              username,
              realName: username,
              phone,
              passwordHash,
              partyCode,
              roles: JSON.stringify(['CUSTOMER_ADMIN']),
              status: 'active',
              passwordChangedAt: now,
              createdAt: now,
              updatedAt: now,
              createdBy: username,
              updatedBy: username,
            })
            .execute();
        });
      return ok({ username, partyCode });
    },
  );

  app.post(
    '/open-platform/party/updatePass',
    {
      schema: {
        tags: ['party'],
        summary: 'Change the caller’s password; wrong current passwords count toward the sign-in lock',
        ...updatePassFields,
        response: responses(Type.Null(), 429),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const p = merged(req);
      const oldPassword = p.oldPassword || p.oldPass || '';
      const newPassword = p.newPassword || p.newPass || '';
      const confirm = p.confirmPassword ?? '';
      if (!oldPassword) throw badRequest('server.party.oldPasswordRequired');
      if (!isPassword(newPassword)) throw badRequest('server.validation.password');
      if (confirm && confirm !== newPassword) throw badRequest('server.party.confirmMismatch');
      if (newPassword === oldPassword) throw badRequest('server.party.samePassword');
      // A stolen session must not become a way round the sign-in lock: each guess of the current password is an attempt.
      const attempt = await reserveAttempt(app.ctx, {
        username: user.username,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        loginType: 'updatePass',
      });
      const row = await db().selectFrom('sys_user').select(['passwordHash']).where('id', '=', user.userId).executeTakeFirstOrThrow();
      if (!(await verifyPassword(oldPassword, row.passwordHash))) {
        await settleAttempt(app.ctx, attempt, { success: false, reason: 'badPassword', userId: user.userId, partyCode: user.partyCode });
        throw badRequest('server.party.oldPasswordWrong');
      }
      await dropAttempt(app.ctx, attempt);
      const passwordHash = await hashPassword(newPassword, app.ctx.config.scryptLogN);
      await db()
        .updateTable('sys_user')
        .set({ passwordHash, passwordChangedAt: nowIso(), updatedAt: nowIso(), updatedBy: user.username })
        .where('id', '=', user.userId)
        .execute();
      // Other devices signed in with the old password lose their sessions; this one stays.
      await revokeUserSessions(app.ctx, user.userId, user.sessionId);
      return ok(null);
    },
  );

  app.post(
    '/open-platform/userLog',
    {
      bodyLimit: 8 * 1024,
      config: {
        rateLimit: {
          max: USER_LOG_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => req.user?.username ?? req.ip,
        },
      },
      schema: {
        tags: ['party'],
        summary: 'Record a page visit of the signed-in user',
        body: userLogBody,
        response: responses(Type.Null(), 429),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const b = req.body;
      const entry = {
        sysName: b.sysName?.trim() ?? '',
        sysPath: b.sysPath?.trim() ?? '',
        content: b.content?.trim() ?? '',
        action: b.action?.trim() ?? '',
      };
      if (!entry.sysPath && !entry.content) throw badRequest('server.userLog.empty');
      const now = nowIso();
      await db()
        .insertInto('sys_user_log')
        .values({
          ...entry,
          username: user.username,
          partyCode: user.partyCode,
          ip: req.ip,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return ok(null);
    },
  );
}
