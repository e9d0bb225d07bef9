import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { hmacSm3 } from '../../security/sm3.js';

export type SignAlgorithm = 'hmac-sha256' | 'sm3' | 'md5';

/**
 * The text a caller signs: METHOD\nPATH\nTIMESTAMP\nNONCE\nhex(SHA-256(body)). PATH is the request
 * target exactly as sent, query string included, so a query cannot be changed without the signature.
 */
export function canonicalString(method: string, path: string, timestamp: string, nonce: string, body: string | Buffer): string {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}\n${bodyHash}`;
}

export function sign(algorithm: SignAlgorithm, secret: string, text: string): string {
  if (algorithm === 'sm3') return hmacSm3(secret, text).toString('hex');
  return createHmac(algorithm === 'md5' ? 'md5' : 'sha256', secret)
    .update(text)
    .digest('hex');
}

/** Constant-time comparison of the expected and the given lowercase hex signatures. */
export function signatureMatches(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** Configuration values as people write them ("HMAC-SHA256", "hmacSha256", "SM3", "md5") to one name. */
export function normalizeAlgorithm(value: unknown): SignAlgorithm {
  const v = String(value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (v.includes('sm3')) return 'sm3';
  if (v.includes('md5')) return 'md5';
  return 'hmac-sha256';
}
