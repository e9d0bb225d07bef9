import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { cachedRead, tableWritten } from '../../services/tableCache.js';
import { openSecret, sealSecret } from '../../security/secretBox.js';

export interface GatewayApp {
  appKey: string;
  partyCode: string;
  partyName: string;
  active: boolean;
  secret: string | null;
}

// Decrypting on every call would cost more than the HMAC; sealed text → plain text, bounded.
const opened = new Map<string, string>();

/** The app of an app key with its secret, or null. An app of a disabled organisation is inactive. */
export async function findApp(ctx: AppContext, appKey: string): Promise<GatewayApp | null> {
  if (!ctx.schemas.pages.has('customerManage/appInfo') || !appKey || appKey.length > 40) return null;
  const row = await cachedRead(
    ctx.database,
    'gatewayApps',
    ['cm_app', 'sys_party'],
    appKey,
    async () =>
      (await ctx.database.db
        .selectFrom('cm_app as a')
        .leftJoin('sys_party as p', 'p.code', 'a.partyCode')
        .select(['a.appKey', 'a.partyCode', 'a.status', 'a.secretSealed', 'p.name as partyName', 'p.status as partyStatus'])
        .where('a.appKey', '=', appKey)
        .executeTakeFirst()) ?? null,
  );
  if (!row) return null;
  let secret: string | null = null;
  if (typeof row.secretSealed === 'string' && row.secretSealed) {
    secret = opened.get(row.secretSealed) ?? (await openSecret(ctx, row.secretSealed));
    if (secret) {
      if (opened.size > 10_000) opened.clear();
      opened.set(row.secretSealed, secret);
    }
  }
  return {
    appKey: String(row.appKey),
    partyCode: String(row.partyCode),
    partyName: String(row.partyName ?? row.partyCode),
    active: row.status === 'active' && (row.partyStatus ?? 'active') === 'active',
    secret,
  };
}

/**
 * What the list shows of a secret: its last four characters, enough to tell two apart. Eight of 32
 * (first and last four) gave away 48 of its 192 bits.
 */
export const secretHint = (secret: string) => `…${secret.slice(-4)}`;

/** A new random secret: 32 URL-safe characters (192 bits). */
export function newAppSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** Stores a secret for the app (encrypted) and returns what the list may show of it. */
export async function storeAppSecret(
  ctx: AppContext,
  appId: number,
  secret: string,
  by: string,
): Promise<{ secretHint: string; secretRotatedAt: string }> {
  const now = new Date().toISOString();
  const hint = secretHint(secret);
  const secretSealed = await sealSecret(ctx, secret);
  await ctx.database.db
    .updateTable('cm_app')
    .set((eb) => ({
      secretSealed,
      secretHint: hint,
      secretRotatedAt: now,
      updatedAt: now,
      updatedBy: by,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', appId)
    .execute();
  tableWritten('cm_app');
  return { secretHint: hint, secretRotatedAt: now };
}
