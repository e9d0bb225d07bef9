import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { keysOf, type KeyRing } from './keys.js';
import { fieldSchema } from '../../shared/schema/model.js';
import type { FieldSchema, GeneratedValue, PageSchema } from '../../shared/schema/types.js';

/**
 * writeOnly fields (app secrets, webhook tokens, third-party keys) are stored encrypted with
 * AES-256-GCM, so a copied database file or backup does not hand them out. The key is the server's
 * one key (`keys.ts`).
 */
const PREFIX = 'enc:v1:';

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${body.toString('base64')}`;
}

export function decryptSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split(':')
    .map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

export const isEncryptedText = (v: unknown): v is string => typeof v === 'string' && v.startsWith(PREFIX);

/** A stored value opened with the first key of the ring that fits (the current one first). */
export function decryptWithRing(ring: KeyRing, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  let last: unknown;
  for (const key of [ring.current, ...ring.previous]) {
    try {
      return decryptSecret(key, stored);
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

/** A model field kept encrypted: writeOnly and not a one-way hash. */
export const isEncrypted = (f: FieldSchema | undefined): boolean => Boolean(f?.writeOnly && !f['x-hash']);

export const setAtColumn = (field: string) => `${field}SetAt`;

export function encryptedFields(page: PageSchema): string[] {
  return Object.entries(page.model?.properties ?? {})
    .filter(([, f]) => isEncrypted(f))
    .map(([k]) => k);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random value for an x-generated field: app keys are shorter and prefixed, secrets and tokens long. */
export function generateValue(spec: GeneratedValue): string {
  const length = spec.length ?? (spec.kind === 'appKey' ? 20 : 40);
  let out = spec.kind === 'appKey' ? 'ak' : '';
  while (out.length < length) {
    // 256 is not a multiple of the alphabet's size; dropping the top values keeps every character equally likely.
    for (const b of randomBytes(length)) if (b < 256 - (256 % ALPHABET.length) && out.length < length) out += ALPHABET[b % ALPHABET.length];
  }
  return out;
}

/**
 * The plain value of a stored secret, for server code that needs it (signing, verifying a caller's
 * HMAC). `row` is the stored row as read from the table (with the secret's column).
 */
export function readSecret(ctx: AppContext, page: PageSchema | string, row: Record<string, unknown>, field: string): string | null {
  const p = typeof page === 'string' ? ctx.schemas.pages.get(page) : page;
  if (!p || !isEncrypted(fieldSchema(p, field)))
    throw new Error(`${typeof page === 'string' ? page : page.id}.${field} is not an encrypted field`);
  const v = row[field];
  return typeof v === 'string' && v ? decryptWithRing(keysOf(ctx), v) : null;
}
