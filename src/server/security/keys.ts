import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { ServerConfig } from '../config.js';

/**
 * The server's one key. Every encrypted value (app secrets, write-only fields) and every signed link
 * goes back to it. It is `SECRET_KEY` (64 hexadecimal characters, `openssl rand -hex 32`) or, unset,
 * a key generated once into the database's `sys_key`, so every server on one database holds the same
 * key without copying files. Earlier keys stay readable: `SECRET_KEY_PREVIOUS` (comma-separated, same
 * format), the generated key once `SECRET_KEY` is set, and a `DATA_DIR/secret.key` left by older
 * versions; values under one of them are re-encrypted under the current key at start
 * (`db/rotateKeys.ts`), which is how a key is rotated.
 */
export interface KeyRing {
  current: Buffer;
  /** Keys that may still have encrypted stored values; never used to encrypt. */
  previous: Buffer[];
}

const GENERATED = 'appSecret';
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

export function parseKey(text: string, name: string): Buffer {
  if (!HEX_KEY.test(text.trim())) throw new Error(`${name} must be 64 hexadecimal characters (32 bytes, e.g. openssl rand -hex 32)`);
  return Buffer.from(text.trim(), 'hex');
}

const rings = new WeakMap<object, KeyRing>();

async function generatedKey(ctx: AppContext, create: boolean): Promise<Buffer | null> {
  const db = ctx.database.core;
  const read = async () => (await db.selectFrom('sys_key').select('value').where('name', '=', GENERATED).executeTakeFirst())?.value;
  let value = await read();
  if (!value && create) {
    const now = new Date().toISOString();
    // Two instances starting together: the unique name keeps the first, and both read it back.
    await db
      .insertInto('sys_key')
      .values({ name: GENERATED, value: randomBytes(32).toString('base64'), createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    value = await read();
  }
  return value ? Buffer.from(String(value), 'base64') : null;
}

/** The key file of versions that kept a key per data folder, if this folder has one. */
function legacyFileKey(config: Pick<ServerConfig, 'dataDir'>): Buffer | null {
  const file = path.join(config.dataDir, 'secret.key');
  if (!fs.existsSync(file)) return null;
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  return key.length === 32 ? key : null;
}

/** Reads (or creates) the keys at start, so a bad SECRET_KEY stops the start rather than a later write. */
export async function loadKeys(ctx: AppContext): Promise<KeyRing> {
  const { secretKey, secretKeysPrevious } = ctx.config;
  const previous = secretKeysPrevious.map((k, i) => parseKey(k, `SECRET_KEY_PREVIOUS (key ${i + 1})`));
  let current: Buffer;
  if (secretKey) {
    current = parseKey(secretKey, 'SECRET_KEY');
    const generated = await generatedKey(ctx, false);
    if (generated) previous.push(generated);
  } else {
    current = (await generatedKey(ctx, true))!;
  }
  const legacy = legacyFileKey(ctx.config);
  if (legacy) previous.push(legacy);
  const ring = { current, previous: previous.filter((k, i) => !k.equals(current) && previous.findIndex((o) => o.equals(k)) === i) };
  rings.set(ctx.database, ring);
  return ring;
}

export function keysOf(ctx: Pick<AppContext, 'database'>): KeyRing {
  const ring = rings.get(ctx.database);
  if (!ring) throw new Error('keys are read at start (loadKeys) before any secret is used');
  return ring;
}

/** A key for one purpose (signed links), derived from the current key. */
export function derivedKey(ctx: Pick<AppContext, 'database'>, purpose: string): Buffer {
  return createHmac('sha256', keysOf(ctx).current).update(purpose).digest();
}
