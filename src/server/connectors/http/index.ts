import type { CallInput, CallResult } from '../types.js';
import { failure, success } from '../types.js';

/**
 * The generic adapter for a real provider, configured per customer and service on
 * customerManage/config: the URL (may contain {service} and {operation}), an auth header
 * ("Name: value", or a bare value sent as Authorization) and a field mapping:
 *
 *   { "request":  { "<provider field>": "<caller field>" },   // absent: the caller's params as sent
 *     "response": { "<our field>": "<provider path a.b.c>" }, // absent: the provider's body as received
 *     "okPath": "code", "okValue": 0 }                          // absent: any 2xx is success
 */
export interface HttpMapping {
  request?: Record<string, string>;
  response?: Record<string, string>;
  okPath?: string;
  okValue?: unknown;
}

const TIMEOUT_MS = 5_000;

function at(obj: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), obj);
}

function authHeader(raw: string | null): Record<string, string> {
  if (!raw) return {};
  const m = /^([A-Za-z0-9-]{1,60}):\s*(.+)$/.exec(raw);
  return m ? { [m[1]]: m[2] } : { authorization: raw };
}

export async function callHttp(input: CallInput): Promise<CallResult> {
  const http = input.settings.http;
  if (!http) return failure('connectorNotConfigured', 'the HTTP connector has no URL');
  const mapping = (http.mapping ?? {}) as HttpMapping;
  const body = mapping.request
    ? Object.fromEntries(Object.entries(mapping.request).map(([theirs, ours]) => [theirs, input.params[ours]]))
    : input.params;
  const url = http.url.replace('{service}', encodeURIComponent(input.service)).replace('{operation}', encodeURIComponent(input.operation));
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': input.requestId, ...authHeader(http.authHeader) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return failure('providerUnreachable', `the provider did not answer (${(err as Error).name})`);
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* a non-JSON answer is passed on as text */
  }
  if (!res.ok) return failure('providerHttpError', `the provider answered HTTP ${res.status}`);
  if (mapping.okPath !== undefined && at(parsed, mapping.okPath) !== mapping.okValue) {
    return failure('providerRefused', `the provider refused (${String(at(parsed, mapping.okPath)).slice(0, 40)})`);
  }
  const data = mapping.response
    ? Object.fromEntries(Object.entries(mapping.response).map(([ours, path]) => [ours, at(parsed, path) ?? null]))
    : parsed && typeof parsed === 'object'
      ? (parsed as Record<string, unknown>)
      : { body: parsed };
  return success(data);
}
