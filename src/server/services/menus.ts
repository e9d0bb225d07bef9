import type { AppContext, SessionUser } from '../context.js';
import { parseJsonArray } from '../db/json.js';
import { readGrants, type Grants } from './grants.js';
import { customerRoleGrants, mergeGrants } from './customerRoles.js';

export interface MenuRow {
  code: string;
  parentCode: string | null;
  menuTitle: string;
  name: string | null;
  path: string | null;
  component: string | null;
  icon: string | null;
  hidden: boolean;
  menuLevel: number;
  sort: number;
  url: string | null;
  roles: string[];
  noCache: boolean;
  affix: boolean;
}

export interface MenuNode extends Omit<MenuRow, 'roles'> {
  meta: { title: string; icon: string | null; noCache: boolean; affix: boolean; url: string | null; hidden: boolean; roles?: string[] };
  children: MenuNode[];
}

export type { Grants } from './grants.js';

export async function loadMenuRows(ctx: AppContext): Promise<MenuRow[]> {
  const rows = await ctx.database.core.selectFrom('sys_menu').selectAll().orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    code: r.code,
    parentCode: r.parentCode,
    menuTitle: r.menuTitle,
    name: r.name,
    path: r.path,
    component: r.component,
    icon: r.icon,
    hidden: Boolean(r.hidden),
    menuLevel: Number(r.menuLevel),
    sort: Number(r.sort),
    url: r.url,
    roles: parseJsonArray(r.roles),
    noCache: Boolean(r.noCache),
    affix: Boolean(r.affix),
  }));
}

/**
 * The grants of the user's active role, with those of a customer user's active customer roles;
 * admins hold every menu and action.
 */
export async function grantsFor(ctx: AppContext, user: SessionUser): Promise<Grants | 'all'> {
  if (user.activeRole === 'SUPER_ADMIN') return 'all';
  const [role, extra] = await Promise.all([
    ctx.database.core.selectFrom('sys_role').select(['grants', 'status']).where('code', '=', user.activeRole).executeTakeFirst(),
    customerRoleGrants(ctx, user),
  ]);
  const own = role && role.status === 'active' ? readGrants(role.grants) : {};
  return Object.keys(extra).length ? mergeGrants(own, extra) : own;
}

/** The menu tree the user may see: granted entries, and the directories above them. */
export function buildMenuTree(rows: MenuRow[], grants: Grants | 'all'): MenuNode[] {
  const byParent = new Map<string | null, MenuRow[]>();
  for (const r of rows) {
    const key = r.parentCode || null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (parent: string | null, seen: Set<string>): MenuNode[] =>
    (byParent.get(parent) ?? []).flatMap((r) => {
      if (seen.has(r.code)) return [];
      const children = build(r.code, new Set([...seen, r.code]));
      const granted = grants === 'all' || Object.prototype.hasOwnProperty.call(grants, r.code);
      if (!granted && children.length === 0) return [];
      const { roles, ...rest } = r;
      return [
        {
          ...rest,
          meta: {
            title: r.menuTitle,
            icon: r.icon,
            noCache: r.noCache,
            affix: r.affix,
            url: r.url,
            hidden: r.hidden,
            ...(roles.length ? { roles } : {}),
          },
          children,
        },
      ];
    });
  return build(null, new Set());
}
