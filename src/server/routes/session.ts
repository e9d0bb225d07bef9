import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { createSession, resolveSession, revokeSession } from '../services/sessions.js';
import { buildMenuTree, grantsFor, loadMenuRows } from '../services/menus.js';
import { tokenInvalid } from '../errors.js';
import { translate } from '../i18n/messages.js';
import { anonymous, nullableStr, object, openObject, responses, str } from './contracts.js';

const role = object({ role: { type: 'string' }, roleName: { type: 'string' } });
const userInfo = openObject({
  name: { type: 'string' },
  code: { type: 'string' },
  avatar: nullableStr,
  introduction: nullableStr,
  phone: nullableStr,
  language: nullableStr,
  roleList: { type: 'array', items: role },
  party: openObject({
    code: { type: 'string' },
    name: { type: 'string' },
    headImg: nullableStr,
    groupName: nullableStr,
    kind: { type: 'string' },
  }),
  resourceList: { type: 'array', items: openObject(), description: 'One root entry whose children are the granted menu tree' },
  translatelist: { type: 'object', additionalProperties: { type: 'string' } },
  grants: { description: '"all", or menu code → granted actions' },
  secondUploadDetail: { type: 'integer' },
  driver: { type: 'null' },
  enterpriseLogo: nullableStr,
});
const switchRoleFields = object({ role: str(32) });

export function registerSession(app: FastifyInstance) {
  // The Authorization header, or (spec §7) the token posted in the body; never in the address,
  // which proxies and logs keep.
  app.post(
    '/open-platform/getUserInfo',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user, roles, organisation and granted menu',
        querystring: object({ token: { type: 'string', description: 'Refused: send the token in the Authorization header' } }),
        body: object({ token: str(200) }, [], { type: ['object', 'null'] }),
        response: responses(userInfo),
      },
    },
    async (req: FastifyRequest<{ Body: { token?: string } | null; Querystring: { token?: string } }>) => {
      if (req.query.token !== undefined) throw badRequest('server.auth.tokenInQuery');
      const posted = req.body?.token;
      const user = req.user ?? (posted ? await resolveSession(app.ctx, posted) : null);
      if (!user) throw tokenInvalid();
      const db = app.ctx.database.core;
      const [row, party, roleRows, menuRows, grants] = await Promise.all([
        db
          .selectFrom('sys_user')
          .select(['username', 'realName', 'avatar', 'introduction', 'language', 'phone'])
          .where('id', '=', user.userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('sys_party')
          .select(['code', 'name', 'headImg', 'groupName', 'kind'])
          .where('code', '=', user.partyCode)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('sys_role')
          .select(['code', 'name'])
          .where('code', 'in', user.roles.length ? user.roles : [''])
          .execute(),
        loadMenuRows(app.ctx),
        grantsFor(app.ctx, user),
      ]);
      // The active role comes first: the console reads its roles from the first entry.
      const ordered = [user.activeRole, ...user.roles.filter((r) => r !== user.activeRole)];
      const roleList = ordered.map((code) => ({ role: code, roleName: roleRows.find((r) => r.code === code)?.name ?? code }));
      const menu = buildMenuTree(menuRows, grants);
      // Menu titles in the caller's language from the server's messages, so a new or renamed entry needs no browser build.
      const translatelist = Object.fromEntries(
        menuRows.map((m) => {
          const text = translate(req.lang, m.menuTitle);
          return [m.menuTitle, text === m.menuTitle ? (m.name ?? m.menuTitle) : text];
        }),
      );
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
    },
  );

  app.get(
    '/open-platform/logout',
    { schema: { tags: ['session'], summary: 'End the session of the bearer token', ...anonymous, response: responses() } },
    async (req) => {
      // Logging out twice, or with a token that has already lapsed, is not an error.
      if (req.user) await revokeSession(app.ctx, req.user.sessionId);
      return ok(null);
    },
  );

  app.post(
    '/open-platform/switchRole',
    {
      schema: {
        tags: ['session'],
        summary: 'Continue with another role the user holds: a new token, the old one ends',
        querystring: switchRoleFields,
        body: { ...switchRoleFields, type: ['object', 'null'] },
        response: responses(
          object({
            access_token: { type: 'string' },
            token_type: { type: 'string' },
            expires_at: { type: 'string' },
            role: { type: 'string' },
          }),
          403,
        ),
      },
    },
    async (req: FastifyRequest<{ Body: { role?: string } | null; Querystring: { role?: string } }>) => {
      const user = requireUser(req);
      const role = req.body?.role || req.query.role || '';
      if (!role) throw badRequest('server.auth.roleRequired');
      if (!user.roles.includes(role)) throw forbidden('server.auth.roleNotHeld', { role });
      const session = await createSession(app.ctx, {
        userId: user.userId,
        username: user.username,
        partyCode: user.partyCode,
        activeRole: role,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        loginType: 'switchRole',
      });
      await revokeSession(app.ctx, user.sessionId);
      return ok({ access_token: session.token, token_type: 'bearer', expires_at: session.expiresAt, role });
    },
  );

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['session'],
        summary: 'Liveness',
        ...anonymous,
        response: { 200: object({ status: { type: 'integer' } }, ['status']) },
      },
    },
    async () => ({ status: 0 }),
  );
}
