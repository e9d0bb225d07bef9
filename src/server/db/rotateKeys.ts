import type { AppContext } from '../context.js';
import { openWith, sealWith } from '../security/secretBox.js';
import { keysOf } from '../security/keys.js';
import { decryptSecret, encryptSecret, encryptedFields, isEncryptedText } from '../security/secrets.js';
import { dynamicView } from './connect.js';

/**
 * Re-encrypts, under the current key, every stored value that the current key does not open but an
 * earlier one does: the write-only fields of every page and the gateway's app secrets. Run at start
 * whenever earlier keys are known, so rotating a key is: set the new `SECRET_KEY`, keep the old one in
 * `SECRET_KEY_PREVIOUS`, restart every server; once they have started, drop `SECRET_KEY_PREVIOUS`.
 * Idempotent, and a value no key opens is left as it is (and counted).
 */
export async function rotateKeys(ctx: AppContext): Promise<{ rewritten: number; unreadable: number }> {
  const ring = keysOf(ctx);
  const out = { rewritten: 0, unreadable: 0 };
  if (!ring.previous.length) return out;
  const opens = (fn: () => unknown) => {
    try {
      fn();
      return true;
    } catch {
      return false;
    }
  };
  /** The value under the current key, or undefined when it already is (or no key opens it). */
  const rewrap = (v: unknown, sealed: 'field' | 'app'): string | undefined => {
    if (sealed === 'field') {
      if (!isEncryptedText(v) || opens(() => decryptSecret(ring.current, v))) return undefined;
      for (const key of ring.previous) {
        let plain: string | undefined;
        if (
          opens(() => {
            plain = decryptSecret(key, v);
          })
        )
          return encryptSecret(ring.current, plain!);
      }
    } else {
      if (typeof v !== 'string' || !v || openWith(ring.current, v) !== null) return undefined;
      for (const key of ring.previous) {
        const plain = openWith(key, v);
        if (plain !== null) return sealWith(ring.current, plain);
      }
    }
    out.unreadable++;
    return undefined;
  };
  const db = ctx.database.db;
  const tables: { table: string; fields: string[]; sealed: 'field' | 'app' }[] = [];
  const seen = new Set<string>();
  for (const page of ctx.schemas.pages.values()) {
    const table = page.resource?.table;
    const fields = encryptedFields(page);
    if (!table || !fields.length || seen.has(table)) continue;
    seen.add(table);
    tables.push({ table, fields, sealed: 'field' });
  }
  if (ctx.schemas.pages.has('customerManage/appInfo')) tables.push({ table: 'cm_app', fields: ['secretSealed'], sealed: 'app' });
  for (const { table, fields, sealed } of tables) {
    const rows = await dynamicView(db)
      .selectFrom(table)
      .select(['id', ...fields])
      .execute();
    for (const row of rows) {
      const set: Record<string, string> = {};
      for (const f of fields) {
        const v = rewrap(row[f], sealed);
        if (v !== undefined) set[f] = v;
      }
      if (!Object.keys(set).length) continue;
      await dynamicView(db)
        .updateTable(table)
        .set(set)
        .where('id', '=', row.id as number)
        .execute();
      out.rewritten += Object.keys(set).length;
    }
  }
  return out;
}
