/** Business failure answered as the envelope {status, msg, data}; msg is a message key until sent. */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors?: Record<string, { key: string; params?: Record<string, unknown> }>,
    readonly status: number = httpStatus,
    /** Sent as the envelope's data, e.g. the current record with a 409. */
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/** Envelope status for a missing, expired or revoked token (spec §8). */
export const TOKEN_INVALID = 21332;

type Params = Record<string, unknown>;
/** Per-field messages (the form marks each field) and data sent as the envelope's data. */
interface Extra {
  fieldErrors?: AppError['fieldErrors'];
  data?: unknown;
}

// One helper per status, one status per meaning: raise errors through these, never `new AppError`
// (lint holds it), so the same refusal answers the same status everywhere.

/** The request is wrong as sent: a value, a filter, a missing or dangling link. */
export const badRequest = (key: string, params?: Params, extra: Extra = {}) =>
  new AppError(400, key, params, extra.fieldErrors, 400, extra.data ?? null);
/** Who is asking is not known: wrong credentials. (A missing or expired token is `tokenInvalid`.) */
export const unauthorized = (key: string, params?: Params) => new AppError(401, key, params);
export const forbidden = (key = 'server.forbidden', params?: Params) => new AppError(403, key, params);
export const notFound = (key = 'server.notFound', params?: Params) => new AppError(404, key, params);
/** The page or record does not take this kind of request at all (a read-only page written to). */
export const notAllowed = (key: string, params?: Params) => new AppError(405, key, params);
/** The record's state forbids it now (already paid, stale version, not processing); `data` may carry the current record. */
export const conflict = (key: string, params?: Params, extra: Extra = {}) =>
  new AppError(409, key, params, extra.fieldErrors, 409, extra.data ?? null);
/** The body, a file or an upload is over a size limit. */
export const tooLarge = (key: string, params?: Params) => new AppError(413, key, params);
/** A third party (bank, tax bureau, ministry, carrier's phone) answered and refused, or its answer cannot be used. */
export const providerRefused = (key: string, params?: Params) => new AppError(422, key, params);
/** Too many attempts or requests in a window; params say how long to wait where known. */
export const tooMany = (key: string, params?: Params) => new AppError(429, key, params);
/** A third party did not answer. */
export const providerUnavailable = (key: string, params?: Params) => new AppError(502, key, params);
export const tokenInvalid = () => new AppError(401, 'server.tokenInvalid', {}, undefined, TOKEN_INVALID);

/** A page schema, menu or message file that cannot be loaded: stops the start-up (or a reload) with every problem listed. */
export class SchemaError extends Error {}
