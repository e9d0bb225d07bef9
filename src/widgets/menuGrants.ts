import { CRUD_ACTIONS } from '../shared/schema/types';

/** A role's grants: actions per menu code; '*' grants every action (transitions and custom ones too). */
export type MenuGrants = Record<string, string[]>;

/** One entry of GET /open-platform/menuTree. */
export interface MenuTreeNode {
  code: string;
  menuTitle: string;
  component?: string | null;
  hidden?: boolean;
  children?: MenuTreeNode[];
}

export const PAGE_ACTIONS = CRUD_ACTIONS;
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** Entries that open a schema page get per-action boxes. */
export const isSchemaPage = (node: MenuTreeNode) => Boolean(node.component && /\/index$/.test(node.component.replace(/\/+$/, '')));

const hasChildren = (n: MenuTreeNode) => Boolean(n.children?.length);

export interface MenuIndex {
  byCode: Map<string, MenuTreeNode>;
  parent: Map<string, string | null>;
  /** Leaf codes under each code (a leaf lists itself). */
  leaves: Map<string, string[]>;
}

export function indexMenu(roots: MenuTreeNode[]): MenuIndex {
  const byCode = new Map<string, MenuTreeNode>();
  const parent = new Map<string, string | null>();
  const leaves = new Map<string, string[]>();
  const walk = (nodes: MenuTreeNode[], up: string | null): string[] =>
    nodes.flatMap((n) => {
      if (byCode.has(n.code)) return [];
      byCode.set(n.code, n);
      parent.set(n.code, up);
      const below = hasChildren(n) ? walk(n.children!, n.code) : [n.code];
      leaves.set(n.code, below);
      return below;
    });
  walk(roots, null);
  return { byCode, parent, leaves };
}

/**
 * The tree's check state from the grants: a leaf is checked when granted; a directory is checked
 * when all the leaves below it are, half-checked when some are.
 */
export function checkState(index: MenuIndex, grants: MenuGrants | null | undefined): { checked: string[]; halfChecked: string[] } {
  const g = grants ?? {};
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const [code, node] of index.byCode) {
    if (!hasChildren(node)) {
      if (Object.prototype.hasOwnProperty.call(g, code)) checked.push(code);
      continue;
    }
    const below = index.leaves.get(code) ?? [];
    const on = below.filter((c) => Object.prototype.hasOwnProperty.call(g, c)).length;
    if (below.length && on === below.length) checked.push(code);
    else if (on > 0) halfChecked.push(code);
  }
  return { checked, halfChecked };
}

/**
 * Grants rebuilt from the granted leaves: leaves keep their actions, directories above a granted
 * leaf keep theirs (or get read) so the menu shows them; codes not in the tree are dropped.
 */
function normalise(index: MenuIndex, previous: MenuGrants, leafGrants: Map<string, string[]>): MenuGrants {
  const out: MenuGrants = {};
  for (const [code, actions] of leafGrants) {
    out[code] = actions;
    for (let up = index.parent.get(code) ?? null; up; up = index.parent.get(up) ?? null) {
      if (!out[up]) out[up] = previous[up]?.length ? previous[up] : ['read'];
    }
  }
  // Keep the tree's order, which reads better when stored.
  const ordered: MenuGrants = {};
  for (const code of index.byCode.keys()) if (out[code]) ordered[code] = out[code];
  return ordered;
}

function leafGrantsOf(index: MenuIndex, grants: MenuGrants): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const [code, actions] of Object.entries(grants)) {
    const node = index.byCode.get(code);
    if (node && !hasChildren(node) && Array.isArray(actions)) m.set(code, actions);
  }
  return m;
}

/** Checks or unchecks an entry and everything below it; a newly checked page gets read. */
export function toggleNode(index: MenuIndex, grants: MenuGrants | null | undefined, code: string, on: boolean): MenuGrants {
  const prev = grants ?? {};
  const leaves = leafGrantsOf(index, prev);
  for (const leaf of index.leaves.get(code) ?? []) {
    if (on) {
      if (!leaves.has(leaf)) leaves.set(leaf, ['read']);
    } else {
      leaves.delete(leaf);
    }
  }
  return normalise(index, prev, leaves);
}

/** The actions shown as ticked: '*' ticks all of them. */
export function actionsOf(grants: MenuGrants | null | undefined, code: string): Set<string> {
  const list = grants?.[code] ?? [];
  return list.includes('*') ? new Set([...PAGE_ACTIONS, '*']) : new Set(list);
}

/**
 * Ticks or unticks one action of a page. Unticking read removes the entry; ticking an action of an
 * ungranted page grants read with it. Unticking one action of '*' spells the others out.
 */
export function toggleAction(
  index: MenuIndex,
  grants: MenuGrants | null | undefined,
  code: string,
  action: PageAction,
  on: boolean,
): MenuGrants {
  const prev = grants ?? {};
  if (action === 'read' && !on) return toggleNode(index, prev, code, false);
  const leaves = leafGrantsOf(index, prev);
  const current = leaves.get(code) ?? [];
  let next: string[];
  if (current.includes('*')) {
    next = on ? current : PAGE_ACTIONS.filter((a) => a !== action);
  } else {
    const set = new Set(current);
    set.add('read');
    if (on) set.add(action);
    else set.delete(action);
    // CRUD actions first in their usual order, then transitions and custom actions as they were.
    next = [...PAGE_ACTIONS.filter((a) => set.has(a)), ...current.filter((a) => !(PAGE_ACTIONS as readonly string[]).includes(a))];
  }
  leaves.set(code, next);
  return normalise(index, prev, leaves);
}
