import type { AppContext } from '../context.js';

/** A customer's settings of one service, as the gateway resolves them (areas/gateway/serviceConfig.ts) and hands them to the call. */
export interface ServiceSettings {
  enabled: boolean;
  /** Why not enabled: 'notOpened' | 'disabled' | 'notYetValid' | 'expired'. */
  reason?: string;
  dailyQuota: number;
  qpsLimit: number;
  provider: string;
  connector: 'sandbox' | 'http';
  /** The customer's configured unit price, when the customer-config page sets one. */
  unitPriceFen: number | null;
  http?: { url: string; authHeader: string | null; mapping: Record<string, unknown> | null };
  /**
   * The customer's own record of the service (customerConfig/<service>), null when there is no such
   * page or record or it is disabled: the sandboxes apply its rules (connectors/customerRules.ts).
   */
  customerConfig: ConfigRow | null;
}

/** A customerConfig/<service> record as stored. */
export type ConfigRow = Record<string, unknown>;

/** What every connector operation receives: the caller's input and the call's context. */
export interface CallInput {
  ctx: AppContext;
  partyCode: string;
  service: string;
  operation: string;
  params: Record<string, unknown>;
  requestId: string;
  /** The call's time (demo data backdates it). */
  at: Date;
  settings: ServiceSettings;
}

/**
 * A connector's answer. `ok: false` is a failure the provider reports (bad input, refused card):
 * the call is logged as a failure and its charge is reversed.
 */
export type CallResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; errorCode: string; message: string; data?: Record<string, unknown> };

export type Operation = (input: CallInput) => Promise<CallResult>;

/** A service's operations, as the gateway dispatches them. Each service folder adapts its typed interface to this. */
export interface ServiceConnector {
  service: string;
  operations: Record<string, Operation>;
}

/** Raised by input readers; turned into a failure answer with the field named. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    readonly problem: 'required' | 'invalid',
  ) {
    super(`${field} ${problem}`);
  }
}

export const success = (data: Record<string, unknown>): CallResult => ({ ok: true, data });
export const failure = (errorCode: string, message: string, data?: Record<string, unknown>): CallResult => ({
  ok: false,
  errorCode,
  message,
  data,
});
