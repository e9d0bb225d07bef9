import type { FastifyRequest } from 'fastify';
import { requireUser, type AppContext, type SessionUser } from '../context.js';
import { forbidden, notAllowed, notFound } from '../errors.js';
import { grantsFor, loadMenuRows, type Grants } from '../services/menus.js';
import { parseComponentPath } from '../../shared/routes/componentPath.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { fieldSchema, recordFields, pageForCustomer } from '../../shared/schema/model.js';
import { resolveLocks, type Locks } from './locks.js';
import { likeCondition, type Condition } from './filters.js';
import { PLATFORM_PARTY } from '../db/seed.js';

const MENU_TTL_MS = 3000;
/** Per app (a process may hold several, as tests do); an invalidation drops every app's. */
const menuCaches = new WeakMap<AppContext, { at: number; generation: number; byPage: Map<string, string[]> }>();
let generation = 0;

/** Which menu codes open which page: a grant on any of them is a grant on the page. */
async function menuCodesByPage(ctx: AppContext): Promise<Map<string, string[]>> {
  const cached = menuCaches.get(ctx);
  if (cached && cached.generation === generation && Date.now() - cached.at < MENU_TTL_MS) return cached.byPage;
  const byPage = new Map<string, string[]>();
  for (const m of await loadMenuRows(ctx)) {
    const parsed = m.component ? parseComponentPath(m.component) : null;
    const pageId = parsed?.pageId ?? m.code;
    byPage.set(pageId, [...(byPage.get(pageId) ?? []), m.code]);
  }
  menuCaches.set(ctx, { at: Date.now(), generation, byPage });
  return byPage;
}

export function invalidateMenuCache() {
  generation++;
}

export function actionsOn(grants: Grants | 'all', codes: string[]): Set<string> | 'all' {
  if (grants === 'all') return 'all';
  const out = new Set<string>();
  for (const c of codes) for (const a of grants[c] ?? []) out.add(a);
  return out.has('*') ? 'all' : out;
}

export function allows(actions: Set<string> | 'all', action: string): boolean {
  if (actions === 'all') return true;
  if (action === 'read' && actions.size > 0) return true;
  return actions.has(action);
}

export interface PageAccess {
  user: SessionUser;
  page: PageSchema;
  actions: Set<string> | 'all';
  /** Field values this request's records are held to (fixed filter, parent): data/locks.ts. */
  locks?: Locks;
}

/** The id arrives decoded once by the router; decoding it again would misread (or fail on) a literal '%'. */
export function findPage(ctx: AppContext, id: string): PageSchema {
  const page = ctx.schemas.pages.get(id);
  if (!page) throw notFound('server.data.unknownPage', { page: id });
  return page;
}

/** The caller's actions on a page; throws 21332 without a session and 403 without the action. */
export async function pageAccess(ctx: AppContext, req: FastifyRequest, pageId: string, action: string): Promise<PageAccess> {
  const user = requireUser(req);
  const found = findPage(ctx, pageId);
  const page = user.partyKind === 'platform' ? found : pageForCustomer(found);
  const [grants, byPage] = await Promise.all([grantsFor(ctx, user), menuCodesByPage(ctx)]);
  let actions = actionsOn(grants, byPage.get(page.id) ?? []);
  if (page.resource?.scopeBy && user.partyKind !== 'platform') {
    // Rows that name the customer's organisation are shown to it, never changed by it.
    if (action !== 'read' && action !== 'export') throw forbidden('server.data.scopedReadOnly');
    actions = new Set(['read', ...(allows(actions, 'export') ? ['export'] : [])]);
  }
  if (!allows(actions, action)) throw forbidden('server.data.forbidden', { action });
  const locks = await resolveLocks(ctx, user, page, (req.query ?? {}) as Record<string, unknown>);
  return { user, page, actions, locks };
}

/** The caller's actions on a page without a request (e.g. which related pages a detail may show). */
export async function actionsFor(ctx: AppContext, user: SessionUser, pageId: string): Promise<Set<string> | 'all'> {
  const [grants, byPage] = await Promise.all([grantsFor(ctx, user), menuCodesByPage(ctx)]);
  return actionsOn(grants, byPage.get(pageId) ?? []);
}

/**
 * resource.scopeBy: a customer user sees the rows whose field names its organisation (a JSON list of
 * party codes, or one code); resource.scopeUser: only the rows addressed to its account. Platform
 * staff see every row.
 */
export function scopeByCondition(ctx: AppContext, access: PageAccess): Condition | null {
  if (access.user.partyKind === 'platform') return null;
  const conditions: Condition[] = [];
  const field = access.page.resource?.scopeBy;
  if (field) {
    const code = access.user.partyCode;
    const f = access.page.model?.properties[field];
    if (f && (f.type === 'array' || f['x-ref-multiple'])) conditions.push(likeCondition(ctx.database, field, JSON.stringify(code)));
    else conditions.push((eb) => eb(field, '=', code));
  }
  const addressee = access.page.resource?.scopeUser;
  if (addressee) conditions.push((eb) => eb(addressee, '=', access.user.username));
  if (conditions.length <= 1) return conditions[0] ?? null;
  return (eb) => eb.and(conditions.map((c) => c(eb)));
}

/** Reference options are readable by whoever may read the page, or write a page that points to it. */
export async function optionsAccess(ctx: AppContext, req: FastifyRequest, pageId: string): Promise<PageAccess> {
  const user = requireUser(req);
  const found = findPage(ctx, pageId);
  const page = user.partyKind === 'platform' ? found : pageForCustomer(found);
  const [grants, byPage] = await Promise.all([grantsFor(ctx, user), menuCodesByPage(ctx)]);
  const own = actionsOn(grants, byPage.get(page.id) ?? []);
  if (allows(own, 'read')) return { user, page, actions: own };
  for (const other of ctx.schemas.pages.values()) {
    // System fields count too: a party-scoped page's organisation column refers to the organisation page.
    const points = recordFields(other).some((name) => fieldSchema(other, name)?.['x-ref'] === page.id);
    if (!points) continue;
    const theirs = actionsOn(grants, byPage.get(other.id) ?? []);
    if (allows(theirs, 'create') || allows(theirs, 'update') || allows(theirs, 'read')) return { user, page, actions: new Set(['read']) };
  }
  throw forbidden('server.data.forbidden', { action: 'read' });
}

/** Party-scoped pages: customer users are held to their own organisation's rows. */
export function scopedParty(access: PageAccess): string | null {
  if (access.page.resource?.scope !== 'party') return null;
  return access.user.partyKind === 'platform' ? null : access.user.partyCode;
}

export function assertWritable(page: PageSchema) {
  if (page.resource?.readOnly || page.kind === 'log' || page.kind === 'report') throw notAllowed('server.data.readOnly');
}

/** What a scheduled job acts as on a page: the platform's super administrator, with every action. */
export function systemAccess(page: PageSchema): PageAccess {
  return {
    user: {
      sessionId: 0,
      userId: 0,
      username: 'system',
      realName: null,
      partyCode: PLATFORM_PARTY.code,
      partyKind: 'platform',
      activeRole: 'SUPER_ADMIN',
      roles: ['SUPER_ADMIN'],
      isAdmin: true,
    },
    page,
    actions: 'all',
  };
}
