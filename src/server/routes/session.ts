import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { createSession, resolveSession, revokeSession } from '../services/sessions.js';
import { buildMenuTree, grantsFor, loadMenuRows } from '../services/menus.js';
import { tokenInvalid } from '../errors.js';

export function registerSession(app: FastifyInstance) {
  // The spec's console posts the token; the Authorization header is accepted as well.
  app.post('/open-platform/getUserInfo', async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const query = req.query as Record<string, unknown>;
    const posted = typeof body.token === 'string' ? body.token : typeof query.token === 'string' ? query.token : null;
    const user = req.user ?? (posted && posted.length < 200 ? await resolveSession(app.ctx, posted) : null);
    if (!user) throw tokenInvalid();
    const db = app.ctx.database.core;
    const [row, party, roleRows, menuRows, grants] = await Promise.all([
      db.selectFrom('sys_user').select(['username', 'realName', 'avatar', 'introduction', 'language', 'phone']).where('id', '=', user.userId).executeTakeFirstOrThrow(),
      db.selectFrom('sys_party').select(['code', 'name', 'headImg', 'groupName', 'kind']).where('code', '=', user.partyCode).executeTakeFirstOrThrow(),
      db.selectFrom('sys_role').select(['code', 'name']).where('code', 'in', user.roles.length ? user.roles : ['']).execute(),
      loadMenuRows(app.ctx),
      grantsFor(app.ctx, user),
    ]);
    // The active role comes first: the console reads its roles from the first entry.
    const ordered = [user.activeRole, ...user.roles.filter((r) => r !== user.activeRole)];
    const roleList = ordered.map((code) => ({ role: code, roleName: roleRows.find((r) => r.code === code)?.name ?? code }));
    const menu = buildMenuTree(menuRows, grants);
    const translatelist = Object.fromEntries(menuRows.map((m) => [m.menuTitle, m.name ?? m.menuTitle]));
    return ok({
      name: row.realName || row.username,
      code: row.username,
      avatar: row.avatar,
      introduction: row.introduction,
      phone: row.phone,
      language: row.language,
      roleList,
      party: { code: party.code, name: party.name, headImg: party.headImg, groupName: party.groupName, kind: party.kind },
      resourceList: [{ code: 'root', menuTitle: 'menu.root', children: menu }],
      translatelist,
      grants,
      secondUploadDetail: -1,
      driver: null,
      enterpriseLogo: party.headImg,
    });
  });

  app.get('/open-platform/logout', async (req) => {
    // Logging out twice, or with a token that has already lapsed, is not an error.
    if (req.user) await revokeSession(app.ctx, req.user.sessionId);
    return ok(null);
  });

  app.post('/open-platform/switchRole', async (req) => {
    const user = requireUser(req);
    const q = { ...(req.query as object), ...((req.body as object) ?? {}) } as Record<string, unknown>;
    const role = typeof q.role === 'string' ? q.role : '';
    if (!role) throw badRequest('server.auth.roleRequired');
    if (!user.roles.includes(role)) throw new AppError(403, 'server.auth.roleNotHeld', { role });
    const session = await createSession(app.ctx, {
      userId: user.userId, username: user.username, partyCode: user.partyCode, activeRole: role, ip: req.ip,
      userAgent: req.headers['user-agent'], loginType: 'switchRole',
    });
    await revokeSession(app.ctx, user.sessionId);
    return ok({ access_token: session.token, token_type: 'bearer', expires_at: session.expiresAt, role });
  });

  app.get('/healthz', async () => ({ status: 0 }));
}
