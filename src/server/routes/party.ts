import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { hashPassword, verifyPassword } from '../security/password.js';
import { revokeUserSessions } from '../services/sessions.js';
import { consumeCode, issueCode, SMS_PURPOSES, type SmsPurpose } from '../services/smsCodes.js';
import { isMobile, isPassword } from '../../utils/validators.js';
import { nowIso } from '../context.js';
import { requestParams, stringParam, trimmedParam, type Params } from '../services/params.js';

const params = requestParams;
const str = trimmedParam;
// Passwords are taken as typed: trimming one would store a different secret than the person chose.
const secret = (p: Params, name: string) => stringParam(p, name, 128);

const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

export function registerParty(app: FastifyInstance) {
  const db = () => app.ctx.database.core;

  app.get('/open-platform/party/validPhone', async (req) => {
    const phone = str(params(req), 'phone');
    if (!isMobile(phone)) throw badRequest('server.validation.mobile');
    const taken = await db().selectFrom('sys_user').select('id').where('phone', '=', phone).executeTakeFirst();
    return ok({ phone, registered: Boolean(taken), available: !taken });
  });

  app.post('/ntocc-tps-api/sms/sendVerificationCode', {
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  }, async (req) => {
    const p = params(req);
    const phone = str(p, 'phone');
    const purpose = (str(p, 'type') || 'login') as SmsPurpose;
    if (!isMobile(phone)) throw badRequest('server.validation.mobile');
    if (!SMS_PURPOSES.includes(purpose)) throw badRequest('server.sms.badType');
    const taken = await db().selectFrom('sys_user').select('id').where('phone', '=', phone).executeTakeFirst();
    if (purpose === 'register' && taken) throw badRequest('server.party.phoneTaken');
    if (purpose !== 'register' && !taken) throw badRequest('server.auth.phoneNotRegistered');
    await issueCode(app.ctx, phone, purpose, req.ip);
    return ok({ expiresIn: 300, resendIn: 60 });
  });

  app.post('/open-platform/party/register', async (req) => {
    const p = params(req);
    const username = str(p, 'username');
    const password = secret(p, 'password');
    const confirm = secret(p, 'confirmPassword');
    const phone = str(p, 'phone');
    const vCode = str(p, 'vCode');
    const partyName = str(p, 'partyName', 64) || username;
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
    const partyCode = `C${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296).toString(36).toUpperCase()}`;
    await db().transaction().execute(async (trx) => {
      await trx.insertInto('sys_party').values({ code: partyCode, name: partyName, kind: 'customer', groupName: partyName, status: 'active', createdAt: now, updatedAt: now, createdBy: username, updatedBy: username }).execute();
      await trx.insertInto('sys_user').values({
        username, realName: username, phone, passwordHash, partyCode, roles: JSON.stringify(['CUSTOMER_ADMIN']), status: 'active',
        passwordChangedAt: now, createdAt: now, updatedAt: now, createdBy: username, updatedBy: username,
      }).execute();
    });
    return ok({ username, partyCode });
  });

  app.post('/open-platform/party/updatePass', async (req) => {
    const user = requireUser(req);
    const p = params(req);
    const oldPassword = secret(p, 'oldPassword') || secret(p, 'oldPass');
    const newPassword = secret(p, 'newPassword') || secret(p, 'newPass');
    const confirm = secret(p, 'confirmPassword');
    if (!oldPassword) throw badRequest('server.party.oldPasswordRequired');
    if (!isPassword(newPassword)) throw badRequest('server.validation.password');
    if (confirm && confirm !== newPassword) throw badRequest('server.party.confirmMismatch');
    if (newPassword === oldPassword) throw badRequest('server.party.samePassword');
    const row = await db().selectFrom('sys_user').select(['passwordHash']).where('id', '=', user.userId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(oldPassword, row.passwordHash))) throw new AppError(400, 'server.party.oldPasswordWrong');
    const passwordHash = await hashPassword(newPassword, app.ctx.config.scryptLogN);
    await db().updateTable('sys_user').set({ passwordHash, passwordChangedAt: nowIso(), updatedAt: nowIso(), updatedBy: user.username })
      .where('id', '=', user.userId).execute();
    // Other devices signed in with the old password lose their sessions; this one stays.
    await revokeUserSessions(app.ctx, user.userId, user.sessionId);
    return ok(null);
  });

  app.post('/open-platform/userLog', async (req) => {
    const p = params(req);
    const entry = {
      sysName: str(p, 'sysName', 128), sysPath: str(p, 'sysPath', 512), content: str(p, 'content', 1000), action: str(p, 'action', 64),
    };
    if (!entry.sysPath && !entry.content) throw badRequest('server.userLog.empty');
    const now = nowIso();
    await db().insertInto('sys_user_log').values({
      ...entry, username: req.user?.username ?? null, partyCode: req.user?.partyCode ?? null, ip: req.ip, createdAt: now, updatedAt: now,
    }).execute();
    return ok(null);
  });
}
