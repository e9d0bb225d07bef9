import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { ServerConfig } from '../config.js';
import { fieldSchema } from '../../shared/schema/model.js';
import type { FieldSchema, GeneratedValue, PageSchema } from '../../shared/schema/types.js';

/**
 * writeOnly fields (app secrets, webhook tokens, third-party keys) are stored encrypted with
 * AES-256-GCM, so a copied database file or backup does not hand them out. The key comes from
 * SECRET_KEY (base64 of 32 bytes) or from DATA_DIR/secret.key, created with mode 0600 on first start.
 */
const PREFIX = 'enc:v1:';
const keys = new Map<string, Buffer>();

export function secretKey(config: Pick<ServerConfig, 'dataDir'>, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.SECRET_KEY;
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('SECRET_KEY must be the base64 encoding of 32 bytes (openssl rand -base64 32)');
    return key;
  }
  const file = path.join(config.dataDir, 'secret.key');
  const cached = keys.get(file);
  if (cached) return cached;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      // 'wx': two servers starting together on one data folder must not both write a key.
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a base64 key of 32 bytes`);
  keys.set(file, key);
  return key;
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${body.toString('base64')}`;
}

export function decryptSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, body] = stored.slice(PREFIX.length).split(':').map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** A model field kept encrypted: writeOnly and not a one-way hash. */
export const isEncrypted = (f: FieldSchema | undefined): boolean => Boolean(f?.writeOnly && !f['x-hash']);

export const setAtColumn = (field: string) => `${field}SetAt`;

export function encryptedFields(page: PageSchema): string[] {
  return Object.entries(page.model?.properties ?? {}).filter(([, f]) => isEncrypted(f)).map(([k]) => k);
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
  if (!p || !isEncrypted(fieldSchema(p, field))) throw new Error(`${typeof page === 'string' ? page : page.id}.${field} is not an encrypted field`);
  const v = row[field];
  return typeof v === 'string' && v ? decryptSecret(secretKey(ctx.config), v) : null;
}
