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

export const badRequest = (key: string, params?: Record<string, unknown>) => new AppError(400, key, params);
export const forbidden = (key = 'server.forbidden', params?: Record<string, unknown>) => new AppError(403, key, params);
export const notFound = (key = 'server.notFound', params?: Record<string, unknown>) => new AppError(404, key, params);
export const conflict = (key: string, params?: Record<string, unknown>) => new AppError(409, key, params);
export const tokenInvalid = () => new AppError(401, 'server.tokenInvalid', {}, undefined, TOKEN_INVALID);
