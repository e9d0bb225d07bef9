import type { FastifyInstance } from 'fastify';
import { ok } from '../plugins/envelope.js';
import { PLATFORM_PARTY } from '../db/seed.js';
import { translate } from '../i18n/messages.js';
import { anonymous, nullableStr, object, openObject, responses } from './contracts.js';

const banner = openObject({ id: { type: 'integer' }, title: { type: 'string' }, subtitle: nullableStr, imageUrl: nullableStr, link: nullableStr });
const site = object({
  companyName: { type: 'string' }, hotline: { type: 'string' }, icpNumber: { type: 'string' }, copyright: { type: 'string' }, consultUrl: { type: 'string' },
  banners: { type: 'array', items: banner },
});
const loginOptions = object({
  socialProviders: { type: 'array', items: object({ code: { type: 'string' }, name: { type: 'string' }, authorizeUrl: { type: 'string' } }) },
});

interface SocialProvider { code: string; name: string; authorizeUrl: string }

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

  app.get('/open-platform/public/site', {
    schema: { tags: ['public'], summary: 'Company details and current banners for the portal', ...anonymous, response: responses(site) },
  }, async (req) => {
    const defaults = {
      companyName: translate(req.lang, 'app.companyName'),
      hotline: '400-800-5656',
      icpNumber: '京ICP备2016000000号-1',
      copyright: '© 2016-2025',
      consultUrl: '',
      banners: [] as unknown[],
    };
    if (has('systemManage/systemConfig')) {
      const cfg = await db().selectFrom('cfg_system').selectAll().where('partyCode', '=', PLATFORM_PARTY.code).executeTakeFirst();
      if (cfg) {
        for (const k of ['companyName', 'hotline', 'icpNumber', 'copyright', 'consultUrl'] as const) {
          if (typeof cfg[k] === 'string' && cfg[k].trim()) defaults[k] = cfg[k];
        }
      }
    }
    if (has('systemManage/banner')) {
      const now = new Date().toISOString();
      const rows = await db().selectFrom('cms_banner').select(['id', 'title', 'subtitle', 'imageUrl', 'link', 'startAt', 'endAt'])
        .where('status', '=', 'online').where('position', '=', 'portalHome').orderBy('sort').orderBy('id').limit(10).execute();
      defaults.banners = rows.filter((b) => (!b.startAt || b.startAt <= now) && (!b.endAt || b.endAt > now))
        .map(({ startAt: _s, endAt: _e, ...b }) => b);
    }
    return ok(defaults);
  });

  app.get('/open-platform/public/loginOptions', {
    schema: { tags: ['public'], summary: 'Social sign-in providers shown on the sign-in screen', ...anonymous, response: responses(loginOptions) },
  }, async () => ok({ socialProviders: socialProviders() }));
}
