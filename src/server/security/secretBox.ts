import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { keysOf } from './keys.js';

/**
 * App secrets must be recoverable (the server recomputes each call's HMAC), so they are encrypted,
 * not hashed: AES-256-GCM under the server's key (`security/keys.ts`). A dump of the app table alone
 * then reveals no secret.
 */
export async function sealSecret(ctx: AppContext, plain: string): Promise<string> {
  return sealWith(keysOf(ctx).current, plain);
}

export function sealWith(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The plain text under one key, or null when the key or the text does not fit. */
export function openWith(key: Buffer, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export async function openSecret(ctx: AppContext, sealed: string): Promise<string | null> {
  const { current, previous } = keysOf(ctx);
  for (const key of [current, ...previous]) {
    const plain = openWith(key, sealed);
    if (plain !== null) return plain;
  }
  return null;
}
