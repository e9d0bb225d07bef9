import type { FieldSchema, MaskKind, PageSchema } from '../../shared/schema/types.js';
import { allows, type PageAccess } from './access.js';
import type { Row } from './rows.js';

const DEFAULT_UNMASK = ['action:unmask'];

const stars = (n: number) => '*'.repeat(Math.max(n, 0));

/**
 * The masked form of a value. ID and bank numbers keep their first and last four characters (the
 * region and check digits staff read on the phone), a mobile its carrier prefix and last four, a
 * name its first character; anything too short to leave something hidden is masked whole.
 */
export function maskValue(kind: MaskKind, value: unknown): unknown {
  if (typeof value !== 'string' || !value) return value;
  const chars = [...value];
  const n = chars.length;
  const keep = (head: number, tail: number) =>
    n <= head + tail ? stars(n) : chars.slice(0, head).join('') + stars(n - head - tail) + chars.slice(n - tail).join('');
  if (kind === 'name') return n === 1 ? value : chars[0] + stars(n - 1);
  if (kind === 'mobile') return keep(3, 4);
  return keep(4, 4);
}

/** The fields a page answers masked, with their spec. */
export function maskedFields(page: PageSchema): [string, FieldSchema][] {
  return Object.entries(page.model?.properties ?? {}).filter(([, f]) => f['x-mask']);
}

/** Whether this caller sees the field's real value: an unmaskFor role (the active one) or action grant. */
export function mayUnmask(access: Pick<PageAccess, 'user' | 'actions'>, f: FieldSchema): boolean {
  if (!f['x-mask']) return true;
  if (access.user.isAdmin) return true;
  return (f['x-mask'].unmaskFor ?? DEFAULT_UNMASK).some((g) =>
    g.startsWith('action:') ? allows(access.actions, g) : access.user.activeRole === g,
  );
}

/** A record → what this caller may see of it. Records may be shared by cached answers, so a copy is returned. */
export function maskerFor(access: Pick<PageAccess, 'user' | 'actions'>, page: PageSchema): ((r: Row) => Row) | null {
  const hidden = maskedFields(page).filter(([, f]) => !mayUnmask(access, f));
  if (!hidden.length) return null;
  return (r) => {
    if (!r || typeof r !== 'object') return r;
    const out = { ...r };
    for (const [name, f] of hidden) if (name in out) out[name] = maskValue(f['x-mask']!.kind, out[name]);
    return out;
  };
}

export function maskRecord(access: PageAccess, r: Row): Row {
  const m = maskerFor(access, access.page);
  return m ? m(r) : r;
}

/**
 * A form sends back what it was shown: a masked value equal to the mask of the stored one means
 * "unchanged", so it is dropped from the patch rather than written over the real value.
 */
export function dropUnchangedMasks(page: PageSchema, patch: Row, existing: Row): void {
  for (const [name, f] of maskedFields(page)) {
    const v = patch[name];
    if (typeof v !== 'string' || !v.includes('*')) continue;
    if (v === maskValue(f['x-mask']!.kind, existing[name])) delete patch[name];
  }
}
