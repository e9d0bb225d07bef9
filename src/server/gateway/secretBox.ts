import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';

/**
 * App secrets must be recoverable (the server recomputes each call's HMAC), so they are encrypted,
 * not hashed: AES-256-GCM under SECRET_KEY (64 hex characters) or, without it, a key generated once
 * and kept in sys_key, shared by every instance on the same database. A dump of the app table
 * alone then reveals no secret.
 */
const keys = new WeakMap<object, Promise<Buffer>>();

async function loadKey(ctx: AppContext): Promise<Buffer> {
  const env = process.env.SECRET_KEY;
  if (env) {
    if (!/^[0-9a-fA-F]{64}$/.test(env)) throw new Error('SECRET_KEY must be 64 hexadecimal characters (32 bytes)');
    return Buffer.from(env, 'hex');
  }
  const db = ctx.database.core;
  const row = await db.selectFrom('sys_key').select('value').where('name', '=', 'appSecret').executeTakeFirst();
  if (row) return Buffer.from(String(row.value), 'base64');
  const now = new Date().toISOString();
  const value = randomBytes(32).toString('base64');
  // Two instances starting together: the unique name keeps the first, and both read it back.
  await db.insertInto('sys_key').values({ name: 'appSecret', value, createdAt: now, updatedAt: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const stored = await db.selectFrom('sys_key').select('value').where('name', '=', 'appSecret').executeTakeFirstOrThrow();
  return Buffer.from(String(stored.value), 'base64');
}

/** The server's own key (SECRET_KEY or the generated one), also the root of other keys derived from it. */
export function keyOf(ctx: AppContext): Promise<Buffer> {
  let k = keys.get(ctx.database);
  if (!k) {
    k = loadKey(ctx);
    k.catch(() => keys.delete(ctx.database));
    keys.set(ctx.database, k);
  }
  return k;
}

export async function sealSecret(ctx: AppContext, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(ctx), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export async function openSecret(ctx: AppContext, sealed: string): Promise<string | null> {
  if (!sealed.startsWith('v1.')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', await keyOf(ctx), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
