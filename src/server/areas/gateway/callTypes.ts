import type { GatewayError } from './codes.js';

/** One call through the gateway: who calls, which service operation, with what, from where. */
export interface GatewayCall {
  partyCode: string;
  partyName: string;
  appKey: string | null;
  service: string;
  operation: string;
  params: Record<string, unknown>;
  ip: string;
  at: Date;
  requestId?: string;
}

export interface CallAnswer {
  requestId: string;
  result: 'success' | 'failure';
  data: Record<string, unknown>;
  feeFen: number;
  /** For a failure: the gateway code and the connector's own error code. */
  code?: GatewayError;
}
