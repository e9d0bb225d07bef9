import path from 'node:path';
import type { ConfigRow } from '../types.js';

/** An organisation code, safe as a path segment. */
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
 * Where an organisation's files are stored, for the file routes and the object-storage sandbox alike:
 * its customerConfig/objectStorage record's bucket and prefix (DATA_DIR/<bucket>/<party>/<pathPrefix>/),
 * else DATA_DIR/object-storage/<party>/. The party is part of every path whatever the configuration
 * says: two organisations that name the same bucket and prefix still never share a folder, so a link
 * or key of one never reaches the other's files.
 */
export function storageTargetOf(dataDir: string, partyCode: string, row: ConfigRow | null): StorageTarget {
  if (!PARTY.test(partyCode)) throw new Error('not an organisation code');
  if (!row || typeof row.bucket !== 'string' || !BUCKET.test(row.bucket) || RESERVED.has(row.bucket))
    return { dir: path.join(dataDir, 'object-storage', partyCode), ttlSec: null };
  const ttl = Number(row.urlTtlSec);
  const privateRead = row.privateRead === true || row.privateRead === 1;
  return {
    dir: path.join(dataDir, row.bucket, partyCode, ...prefixParts(row.pathPrefix)),
    ttlSec: privateRead ? (Number.isInteger(ttl) && ttl > 0 ? ttl : 3600) : null,
  };
}
