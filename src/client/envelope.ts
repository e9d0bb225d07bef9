/** Every answer of the server: status 0 is success. */
export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export const TOKEN_INVALID = 21332;
export const ERROR_TOAST_SECONDS = 5;
export const REQUEST_TIMEOUT_MS = 50_000;
/** The spec's fixed device id header value. */
export const DEVICE_ID = 'web-console';

/** A rejected call: the server's status and msg, and field errors when a body failed validation. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly httpStatus: number | null,
    readonly fieldErrors: Record<string, string> = {},
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export function isEnvelope(x: unknown): x is Envelope {
  return Boolean(x) && typeof x === 'object' && typeof (x as Envelope).status === 'number';
}
