import path from 'node:path';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.js';
import { customerConfig } from '../gateway/customerConfig.js';
import { derivedKey } from '../security/keys.js';

export const PARTY = /^[A-Za-z0-9_-]{1,32}$/;
const BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
/** Directories of DATA_DIR the platform keeps for itself: a bucket of that name would mix with them. */
const RESERVED = new Set(['uploads', 'object-storage', 'backups', 'logs']);

export interface StorageTarget {
  /** Absolute directory the organisation's files go to. */
  dir: string;
  /** Seconds a download link stays valid, when links are signed (private read). */
  ttlSec: number | null;
}

/** Safe path segments of a configured prefix ("waybill/2025/" → ["waybill", "2025"]). */
function prefixParts(prefix: unknown): string[] {
  if (typeof prefix !== 'string') return [];
  return prefix.split('/').filter((p) => p && p !== '.' && p !== '..' && /^[A-Za-z0-9_-]+$/.test(p));
}

/**
 * Where an organisation's files are stored: customerConfig/objectStorage's bucket and prefix
 * (DATA_DIR/<bucket>/<party>/<pathPrefix>/), else DATA_DIR/object-storage/<party>/. The party is part
 * of every path whatever the configuration says: two organisations that name the same bucket and
 * prefix still never share a folder, so a link or key of one never reaches the other's files.
 */
export async function storageTarget(ctx: AppContext, partyCode: string): Promise<StorageTarget> {
  if (!PARTY.test(partyCode)) throw new Error('not an organisation code');
  const dataDir = ctx.config.dataDir;
  const row = await customerConfig(ctx, partyCode, 'objectStorage');
  if (!row || typeof row.bucket !== 'string' || !BUCKET.test(row.bucket) || RESERVED.has(row.bucket))
    return { dir: path.join(dataDir, 'object-storage', partyCode), ttlSec: null };
  const ttl = Number(row.urlTtlSec);
  const privateRead = row.privateRead === true || row.privateRead === 1;
  return {
    dir: path.join(dataDir, row.bucket, partyCode, ...prefixParts(row.pathPrefix)),
    ttlSec: privateRead ? (Number.isInteger(ttl) && ttl > 0 ? ttl : 3600) : null,
  };
}

async function linkSignature(ctx: AppContext, urlPath: string, expires: number): Promise<string> {
  const key = derivedKey(ctx, 'file-link');
  return createHmac('sha256', key).update(`${urlPath}\n${expires}`).digest('base64url');
}

/** A download link valid for ttlSec from now. */
export async function signedLink(ctx: AppContext, urlPath: string, ttlSec: number, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + ttlSec;
  return `${urlPath}?expires=${expires}&sig=${await linkSignature(ctx, urlPath, expires)}`;
}

/** Whether a link's expiry and signature hold. */
export async function linkValid(ctx: AppContext, urlPath: string, expires: unknown, sig: unknown, now = Date.now()): Promise<boolean> {
  const e = Number(expires);
  if (!Number.isInteger(e) || typeof sig !== 'string' || e < Math.floor(now / 1000)) return false;
  const want = Buffer.from(await linkSignature(ctx, urlPath, e));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
