import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.js';
import { customerConfig } from '../areas/gateway/customerConfig.js';
import { derivedKey } from '../security/keys.js';
import { storageTargetOf, type StorageTarget } from '../connectors/objectStorage/target.js';

/** Where an organisation's files are stored (storageTargetOf), by its customerConfig/objectStorage record. */
export async function storageTarget(ctx: AppContext, partyCode: string): Promise<StorageTarget> {
  return storageTargetOf(ctx.config.dataDir, partyCode, await customerConfig(ctx, partyCode, 'objectStorage'));
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
