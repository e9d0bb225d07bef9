/**
 * The gateway's answer codes (envelope `status`), each with the HTTP status that tells its class.
 * Documented in docs/GATEWAY.md and the OpenAPI page; stable once published.
 */
export const GATEWAY_CODES = {
  unsigned: { status: 40100, http: 401 },
  unknownApp: { status: 40101, http: 401 },
  badSignature: { status: 40102, http: 401 },
  expiredTimestamp: { status: 40103, http: 401 },
  replay: { status: 40104, http: 401 },
  ipNotAllowed: { status: 40301, http: 403 },
  blacklistedIp: { status: 40302, http: 403 },
  serviceDisabled: { status: 40303, http: 403 },
  riskRefused: { status: 40304, http: 403 },
  smsBlacklisted: { status: 40305, http: 403 },
  refererRefused: { status: 40306, http: 403 },
  insufficientBalance: { status: 40201, http: 402 },
  dailyQuotaExceeded: { status: 42901, http: 429 },
  qpsExceeded: { status: 42902, http: 429 },
  smsLimitExceeded: { status: 42903, http: 429 },
  unknownOperation: { status: 40401, http: 404 },
  badParams: { status: 40001, http: 400 },
  operationFailed: { status: 42200, http: 422 },
  providerFailed: { status: 50201, http: 502 },
} as const;

export type GatewayCode = keyof typeof GATEWAY_CODES;

/** A refusal or failure of a gateway call; `msg` is the message key gateway.codes.<code>. */
export class GatewayError extends Error {
  constructor(
    readonly code: GatewayCode,
    readonly params: Record<string, unknown> = {},
  ) {
    super(code);
  }
  get status(): number {
    return GATEWAY_CODES[this.code].status;
  }
  get http(): number {
    return GATEWAY_CODES[this.code].http;
  }
}
