import type { Db } from '../db/connect.js';
import { sanitizeHtml } from '../data/richText.js';

/**
 * The portal's catalogue as the console's pages keep it (componentManage, showComponentManage,
 * showLinkManage): texts in the visitor's language, falling back to Chinese field by field.
 */
export const PORTAL_LANGS = ['zh', 'en', 'es', 'ja'] as const;
export type PortalLang = (typeof PORTAL_LANGS)[number];

type Row = Record<string, unknown>;

export function pickLang(value: unknown): PortalLang {
  return PORTAL_LANGS.includes(value as PortalLang) ? (value as PortalLang) : 'zh';
}

/**
 * The row's text for the language, else its Chinese text: `nameEn`…, then `nameZh`, or the field
 * `name` itself where an older page keeps its Chinese text under the plain name (site settings, banners).
 */
export function localized(row: Row, base: string, lang: PortalLang): string {
  const own = row[`${base}${lang[0].toUpperCase()}${lang.slice(1)}`];
  if (typeof own === 'string' && own.trim()) return own;
  const zh = row[`${base}Zh`] ?? row[base];
  return typeof zh === 'string' ? zh : '';
}

export interface PortalContent {
  components: { code: string; type: string; icon: string | null; core: boolean; name: string; summary: string; description: string }[];
  showcase: { group: string; leaf: string; title: string; url: string | null }[];
  links: { position: string; title: string; url: string }[];
  guide: { code: string; title: string; html: string }[];
}

export async function portalContent(db: Db, has: (id: string) => boolean, lang: PortalLang): Promise<PortalContent> {
  const components = has('componentManage/component')
    ? (await db.selectFrom('portal_component').selectAll().where('status', '=', 'online').orderBy('sort').orderBy('id').execute()).map(
        (r) => ({
          code: String(r.code),
          type: String(r.type),
          icon: (r.icon as string | null) ?? null,
          core: Boolean(r.core),
          name: localized(r, 'name', lang),
          summary: localized(r, 'summary', lang),
          description: localized(r, 'description', lang),
        }),
      )
    : [];
  const showcase = has('showComponentManage/component')
    ? (await db.selectFrom('portal_show_component').selectAll().where('status', '=', 'online').orderBy('sort').orderBy('id').execute()).map(
        (r) => ({
          group: String(r.groupCode),
          leaf: String(r.leaf),
          title: localized(r, 'title', lang),
          url: (r.url as string | null) ?? null,
        }),
      )
    : [];
  const links = has('showLinkManage/link')
    ? (await db.selectFrom('portal_link').selectAll().where('status', '=', 'online').orderBy('sort').orderBy('id').execute()).map((r) => ({
        position: String(r.position),
        title: localized(r, 'title', lang),
        url: String(r.url),
      }))
    : [];
  // Cleaned again on the way out: rows written before the field was rich text, or by other means
  // than the data API (demo rows, SQL), never reach a visitor as they were stored.
  const guide = has('guide/section')
    ? (await db.selectFrom('portal_guide').selectAll().where('status', '=', 'online').orderBy('sort').orderBy('id').execute()).map((r) => ({
        code: String(r.code),
        title: localized(r, 'title', lang),
        html: sanitizeHtml(localized(r, 'body', lang)),
      }))
    : [];
  return { components, showcase, links, guide };
}
