import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { canonicalString, sign, type SignAlgorithm } from './sign.js';

export interface SignedCall {
  appKey: string;
  secret: string;
  service: string;
  operation: string;
  body?: unknown;
  /** The exact bytes sent and signed, instead of JSON.stringify(body). */
  rawBody?: string | Buffer;
  /** Sends other bytes than those signed (tests of the raw-body signature). */
  sentBody?: string | Buffer;
  ip?: string;
  timestamp?: number;
  nonce?: string;
  algorithm?: SignAlgorithm;
  /** Replaces the computed signature (tests of refusals). */
  signature?: string;
  /** Sends the right signature in upper case, which the documented lowercase hex does not allow. */
  upperCaseSignature?: boolean;
  omit?: string[];
}

/** Calls the gateway through app.inject, signed as a customer's system would sign it. */
export async function callGateway(app: FastifyInstance, c: SignedCall): Promise<LightMyRequestResponse> {
  const path = `/open-api/v1/${c.service}/${c.operation}`;
  const body = c.rawBody ?? JSON.stringify(c.body ?? {});
  const timestamp = String(c.timestamp ?? Date.now());
  const nonce = c.nonce ?? randomBytes(12).toString('hex');
  const computed = sign(c.algorithm ?? 'hmac-sha256', c.secret, canonicalString('POST', path, timestamp, nonce, body));
  const signature = c.signature ?? (c.upperCaseSignature ? computed.toUpperCase() : computed);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-app-key': c.appKey,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signature,
  };
  for (const h of c.omit ?? []) delete headers[h];
  return app.inject({ method: 'POST', url: path, headers, payload: c.sentBody ?? body, remoteAddress: c.ip ?? '127.0.0.1' });
}
