import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError, conflict, forbidden, notFound } from '../errors.js';
import { holds } from '../../shared/schema/rules.js';
import { translate } from '../i18n/messages.js';
import { allows, pageAccess, type PageAccess } from '../data/access.js';
import { loadScoped } from '../data/write.js';
import { toRecord, type Row } from '../data/rows.js';
import { validateFragment } from '../data/validateBody.js';
import { maskerFor } from '../data/masking.js';
import type { ActionLevel, CustomAction } from '../../shared/schema/types.js';
import { actionHandler } from './index.js';
import type { ActionHandler, ActionResult } from './types.js';

type Req = FastifyRequest;

/**
 * The action, its handler, the caller's access and the validated dialog body; 404 for another level,
 * 403 without the grant. `page` is the plain page id (Fastify decoded it once).
 */
async function prepare(ctx: AppContext, req: Req, page: string, name: string, rawBody: unknown, level: ActionLevel) {
  const access = await pageAccess(ctx, req, page, 'read');
  const action = access.page.actions?.find((a) => a.name === name && (a.level ?? 'row') === level);
  const handler = action && actionHandler(action.handler);
  if (!action || !handler) throw notFound('server.data.unknownAction', { name: String(name).slice(0, 40) });
  if (!allows(access.actions, `action:${action.name}`) && !allows(access.actions, 'update'))
    throw forbidden('server.data.forbidden', { action: action.name });
  const raw = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Row;
  // Unknown fields are refused like any other bad input; a bulk body also carries the selection.
  const body = level === 'bulk' ? Object.fromEntries(Object.entries(raw).filter(([k]) => k !== 'ids')) : raw;
  validateFragment(access.page, action.fields ?? {}, action.required ?? [], body);
  return { access, action, handler, body };
}

/** A handler's message key becomes text in the caller's language; records it answers are masked for the caller. */
function translated(req: Req, result: unknown, access?: PageAccess): unknown {
  if (!result || typeof result !== 'object') return result;
  const mask = access && maskerFor(access, access.page);
  let r = result as ActionResult;
  if (mask && Array.isArray(r.rows)) r = { ...r, rows: r.rows.map((x) => mask(x as Row)) };
  if (typeof r.message !== 'string') return r;
  return { ...r, message: translate(req.lang, r.message!, r.params ?? {}) };
}

/** An action declared `when` runs only on the records where its condition holds (409 otherwise). */
function assertApplies(action: CustomAction, record: Row): void {
  if (action.when && !holds(action.when, record)) throw conflict('server.data.actionNotNow', { name: action.title });
}

export async function runRowAction(ctx: AppContext, req: Req, page: string, name: string, id: number, rawBody: unknown): Promise<unknown> {
  const { access, action, handler, body } = await prepare(ctx, req, page, name, rawBody, 'row');
  const record = toRecord(access.page, await loadScoped(ctx, access, id));
  assertApplies(action, record);
  return translated(req, await handler(ctx, access, record, body, action), access);
}

export async function runListAction(ctx: AppContext, req: Req, page: string, name: string, rawBody: unknown): Promise<unknown> {
  const { access, action, handler, body } = await prepare(ctx, req, page, name, rawBody, 'list');
  return translated(req, await handler(ctx, access, null, body, action), access);
}

export interface BulkOutcome {
  id: number;
  ok: boolean;
  msg?: string;
  result?: unknown;
}

/**
 * Runs the handler on each selected row on its own: one row's refusal (wrong state, another
 * organisation's record, a stale version) is reported for that row and does not undo the others.
 */
export async function runBulkAction(
  ctx: AppContext,
  req: Req,
  page: string,
  name: string,
  rawBody: { ids: number[] },
): Promise<{ succeeded: number; failed: number; results: BulkOutcome[] }> {
  const { access, action, handler, body } = await prepare(ctx, req, page, name, rawBody, 'bulk');
  // The contract (BulkActionBody) checked the selection: 1..200 record ids; each is run once.
  const ids = [...new Set(rawBody.ids)];
  const results: BulkOutcome[] = [];
  for (const id of ids) results.push(await runOne(ctx, req, access, handler, action, body, id));
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

async function runOne(
  ctx: AppContext,
  req: Req,
  access: PageAccess,
  handler: ActionHandler,
  action: CustomAction,
  body: Row,
  id: number,
): Promise<BulkOutcome> {
  try {
    const record = toRecord(access.page, await loadScoped(ctx, access, id));
    assertApplies(action, record);
    return { id: Number(id), ok: true, result: translated(req, await handler(ctx, access, record, body, action), access) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { id: Number(id), ok: false, msg: translate(req.lang, err.key, err.params) };
  }
}
