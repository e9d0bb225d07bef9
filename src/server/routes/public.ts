import type { FastifyInstance } from 'fastify';
import { ok } from '../plugins/envelope.js';
import { PLATFORM_PARTY } from '../db/seed.js';
import { createHash } from 'node:crypto';
import { translate } from '../i18n/messages.js';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { anonymous, Nullable, responses } from './contracts.js';

const nullableStr = Nullable(Type.String());
const banner = Type.Partial(
  Type.Object({ id: Type.Integer(), title: Type.String(), subtitle: nullableStr, imageUrl: nullableStr, link: nullableStr }),
  { additionalProperties: true },
);
const siteShape = Type.Partial(
  Type.Object({
    companyName: Type.String(),
    hotline: Type.String(),
    icpNumber: Type.String(),
    copyright: Type.String(),
    consultUrl: Type.String(),
    banners: Type.Array(banner),
  }),
);
const loginOptions = Type.Partial(
  Type.Object({
    socialProviders: Type.Array(Type.Partial(Type.Object({ code: Type.String(), name: Type.String(), authorizeUrl: Type.String() }))),
  }),
);
import { localized, pickLang, portalContent, type PortalLang } from './portalContent.js';

interface SocialProvider {
  code: string;
  name: string;
  authorizeUrl: string;
}

function socialProviders(): SocialProvider[] {
  try {
    const parsed = JSON.parse(process.env.SOCIAL_PROVIDERS ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p) => p && typeof p.code === 'string' && typeof p.authorizeUrl === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Calls the public portal and the sign-in page make without a session. The portal's company data
 * and banners come from the console's own records (system config of the platform, banners online now).
 */
export function registerPublicRoutes(app: FastifyInstance) {
  const db = () => app.ctx.database.db;
  const has = (id: string) => app.ctx.schemas.pages.has(id);

  const site = async (lang: PortalLang) => {
    const defaults = {
      companyName: translate(lang, 'app.companyName'),
      hotline: '400-800-5656',
      icpNumber: '京ICP备2016000000号-1',
      copyright: '© 2016-2025',
      consultUrl: '',
      banners: [] as unknown[],
    };
    if (has('systemManage/systemConfig')) {
      const cfg = await db().selectFrom('cfg_system').selectAll().where('partyCode', '=', PLATFORM_PARTY.code).executeTakeFirst();
      if (cfg) {
        for (const k of ['hotline', 'icpNumber', 'consultUrl'] as const) {
          if (typeof cfg[k] === 'string' && cfg[k].trim()) defaults[k] = cfg[k];
        }
        // Texts a visitor reads are kept per language (companyNameEn…), Chinese where one is missing.
        for (const k of ['companyName', 'copyright'] as const) {
          const text = localized(cfg, k, lang);
          if (text.trim()) defaults[k] = text;
        }
      }
    }
    if (has('systemManage/banner')) {
      const now = new Date().toISOString();
      const rows = await db()
        .selectFrom('cms_banner')
        .selectAll()
        .where('status', '=', 'online')
        .where('position', '=', 'portalHome')
        .orderBy('sort')
        .orderBy('id')
        .limit(10)
        .execute();
      defaults.banners = rows
        .filter((b) => (!b.startAt || b.startAt <= now) && (!b.endAt || b.endAt > now))
        .map((b) => ({
          id: b.id,
          title: localized(b, 'title', lang),
          subtitle: localized(b, 'subtitle', lang) || null,
          imageUrl: b.imageUrl,
          link: b.link,
        }));
    }
    return defaults;
  };

  app.get(
    '/open-platform/public/site',
    {
      schema: {
        tags: ['public'],
        summary: 'Company details and current banners for the portal',
        ...anonymous,
        response: responses(siteShape),
      },
    },
    async (req) => ok(await site(req.lang as PortalLang)),
  );

  /**
   * Everything the portal shows from the console in one call, in ?lang (Chinese where a text is
   * missing). The answer carries an ETag: a browser revalidating with If-None-Match gets 304.
   */
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/open-platform/public/portal',
    {
      schema: {
        tags: ['public'],
        summary: 'The portal’s content from the console (site, components, showcase, links) in one language; ETag and 304',
        ...anonymous,
        querystring: Type.Partial(
          Type.Object({ lang: Type.String({ maxLength: 8, description: 'zh, en, es or ja; others get Chinese' }) }),
        ),
      },
    },
    async (req, reply) => {
      const lang = pickLang(req.query.lang);
      const body = JSON.stringify(ok({ lang, site: await site(lang), ...(await portalContent(db(), has, lang)) }));
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/open-platform/public/loginOptions',
    {
      schema: {
        tags: ['public'],
        summary: 'Social sign-in providers shown on the sign-in screen',
        ...anonymous,
        response: responses(loginOptions),
      },
    },
    async () => ok({ socialProviders: socialProviders() }),
  );
}
