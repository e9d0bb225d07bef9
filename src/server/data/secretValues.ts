import type { AppContext } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { encryptSecret, generateValue, isEncrypted, setAtColumn } from '../security/secrets.js';
import { keysOf } from '../security/keys.js';
import type { Row } from './rows.js';

/** Server-generated fields (x-generated) filled for a new record; the plain values are returned once. */
export function generateFields(page: PageSchema, values: Row, only?: string[]): Row {
  const out: Row = {};
  for (const [name, f] of Object.entries(page.model?.properties ?? {})) {
    if (!f['x-generated'] || (only && !only.includes(name))) continue;
    values[name] = out[name] = generateValue(f['x-generated']);
  }
  return out;
}

/** The plain values of generated secrets, for the one answer that may show them. */
export function shownOnce(page: PageSchema, generated: Row): Row | undefined {
  const secret = Object.entries(generated).filter(([k]) => page.model!.properties[k]?.writeOnly);
  return secret.length ? Object.fromEntries(secret) : undefined;
}

/** writeOnly values → their encrypted form and the time they were set; other values are left alone. */
export function encryptValues(ctx: AppContext, page: PageSchema, values: Row): Row {
  const out: Row = {};
  const now = new Date().toISOString();
  for (const [name, v] of Object.entries(values)) {
    if (!isEncrypted(page.model?.properties[name])) continue;
    out[name] = typeof v === 'string' && v ? encryptSecret(keysOf(ctx).current, v) : null;
    out[setAtColumn(name)] = out[name] === null ? null : now;
  }
  return out;
}
