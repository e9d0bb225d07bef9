import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { badRequest, forbidden } from '../errors.js';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { createSession, resolveSession, revokeSession } from '../services/sessions.js';
import { buildMenuTree, grantsFor, loadMenuRows } from '../services/menus.js';
import { tokenInvalid } from '../errors.js';
import { translate } from '../i18n/messages.js';
import { anonymous, Nullable, responses } from './contracts.js';

const role = Type.Partial(Type.Object({ role: Type.String(), roleName: Type.String() }));
const nullableStr = Nullable(Type.String());
const userInfo = Type.Partial(
  Type.Object({
    name: Type.String(),
    code: Type.String(),
    avatar: nullableStr,
    introduction: nullableStr,
    phone: nullableStr,
    language: nullableStr,
    roleList: Type.Array(role),
    party: Type.Partial(
      Type.Object({
        code: Type.String(),
        name: Type.String(),
        headImg: nullableStr,
        groupName: nullableStr,
        kind: Type.String(),
      }),
      { additionalProperties: true },
    ),
    resourceList: Type.Array(Type.Object({}, { additionalProperties: true }), {
      description: 'One root entry whose children are the granted menu tree',
    }),
    translatelist: Type.Record(Type.String(), Type.String()),
    grants: Type.Unknown({ description: '"all", or menu code → granted actions' }),
    secondUploadDetail: Type.Integer(),
    driver: Type.Null(),
    enterpriseLogo: nullableStr,
  }),
  { additionalProperties: true },
);
const switchRoleFields = Type.Partial(Type.Object({ role: Type.String({ maxLength: 32 }) }));

export function registerSession(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The Authorization header, or (spec §7) the token posted in the body; never in the address,
  // which proxies and logs keep.
  app.post(
    '/open-platform/getUserInfo',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user, roles, organisation and granted menu',
        querystring: Type.Partial(
          Type.Object({ token: Type.String({ description: 'Refused: send the token in the Authorization header' }) }),
        ),
        body: Nullable(Type.Partial(Type.Object({ token: Type.String({ maxLength: 200 }) }))),
        response: responses(userInfo),
      },
    },
    async (req) => {
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
        body: Nullable(switchRoleFields),
        response: responses(
          Type.Partial(
            Type.Object({ access_token: Type.String(), token_type: Type.String(), expires_at: Type.String(), role: Type.String() }),
          ),
          403,
        ),
      },
    },
    async (req) => {
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
        response: { 200: Type.Object({ status: Type.Integer() }) },
      },
    },
    async () => ({ status: 0 }),
  );
}
