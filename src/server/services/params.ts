import { badRequest } from '../errors.js';

export type Params = Record<string, unknown>;

/** The spec sends several calls as query parameters; a form or JSON body is read too. */
export function requestParams(req: { query: unknown; body: unknown }): Params {
  const body = req.body && typeof req.body === 'object' ? (req.body as Params) : {};
  return { ...body, ...(req.query as Params) };
}

/** A string parameter as sent (absent is ''); anything else, or one too long, is a clear 400. */
export function stringParam(p: Params, name: string, max = 64): string {
  const v = p[name];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw badRequest('server.auth.fieldInvalid', { field: name });
  if (v.length > max) throw badRequest('server.auth.fieldTooLong', { field: name, max });
  return v;
}

/** The same, trimmed: names, phones and codes, never passwords. */
export const trimmedParam = (p: Params, name: string, max = 64) => stringParam(p, name, max).trim();
